import { type LogEntry, logLevel } from 'kafkajs'
import { describe, expect, it } from 'vitest'
import { type BusLogger, kafkajsLogCreator } from './bus-logger'

function capture() {
  const lines: { level: string; msg: string; fields: unknown }[] = []
  const at =
    (level: string) =>
    (msg: string, fields?: unknown): void =>
      void lines.push({ level, msg, fields })
  const logger: BusLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  return { log: kafkajsLogCreator(logger)(), lines }
}

const entry = (namespace: string, level: logLevel, message: string, extra: object = {}): LogEntry => ({
  namespace,
  level,
  label: 'ERROR',
  log: { message, timestamp: '2026-11-26T00:00:00.000Z', logger: 'kafkajs', ...extra },
})

describe('kafkajsLogCreator', () => {
  it('writes the start-up races kafkajs retries (topic created twice, coordinator not ready) as debug', () => {
    const { log, lines } = capture()
    log(
      entry('Connection', logLevel.ERROR, 'Response CreateTopics(key: 19, version: 3)', {
        error: 'Topic with this name already exists',
        correlationId: 3,
      }),
    )
    log(
      entry('Connection', logLevel.ERROR, 'Response CreateTopics(key: 19, version: 3)', {
        error: 'Topic creation errors',
      }),
    )
    log(
      entry('Connection', logLevel.ERROR, 'Response GroupCoordinator(key: 10, version: 2)', {
        error: 'The group coordinator is not available',
      }),
    )
    log(
      entry('Connection', logLevel.ERROR, 'Response Metadata(key: 3, version: 6)', {
        error: 'There is no leader for this topic-partition as we are in the middle of a leadership election',
      }),
    )
    expect(lines.map((l) => l.level)).toEqual(['debug', 'debug', 'debug', 'debug'])
    expect(lines[0]).toMatchObject({
      msg: 'Response CreateTopics(key: 19, version: 3)',
      fields: {
        component: 'kafkajs.Connection',
        error: 'Topic with this name already exists',
        correlationId: 3,
      },
    })
  })

  it('keeps every other broker error, and the same text outside a broker answer, an error', () => {
    const { log, lines } = capture()
    log(
      entry('Connection', logLevel.ERROR, 'Response Produce(key: 0, version: 7)', {
        error: 'The request attempted to perform an operation on an invalid topic',
      }),
    )
    log(entry('Connection', logLevel.ERROR, 'Response SaslAuthenticate(key: 36, version: 1)', {}))
    log(
      entry(
        'Consumer',
        logLevel.ERROR,
        'Crash: KafkaJSNumberOfRetriesExceeded: The group coordinator is not available',
        {},
      ),
    )
    log(
      entry(
        'BrokerPool',
        logLevel.ERROR,
        'Failed to connect to seed broker, trying another broker from the list',
        {},
      ),
    )
    log(
      entry('Admin', logLevel.ERROR, 'Topic with this name already exists', {
        error: 'Topic with this name already exists',
      }),
    )
    expect(lines.map((l) => l.level)).toEqual(['error', 'error', 'error', 'error', 'error'])
  })

  it('passes warnings through and turns info lines into debug', () => {
    const { log, lines } = capture()
    log(entry('Runner', logLevel.WARN, 'The group is rebalancing, re-joining'))
    log(entry('Consumer', logLevel.INFO, 'Starting'))
    expect(lines.map((l) => l.level)).toEqual(['warn', 'debug'])
  })
})
