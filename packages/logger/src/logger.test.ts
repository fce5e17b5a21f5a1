import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

function capture(level: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info') {
  const lines: Record<string, unknown>[] = []
  const log = createLogger({
    level,
    bindings: { service: 'test' },
    write: (line) => lines.push(JSON.parse(line)),
    now: () => new Date('2026-01-01T00:00:00Z'),
  })
  return { log, lines }
}

describe('createLogger', () => {
  it('writes one JSON object per line with bindings and context', () => {
    const { log, lines } = capture()
    log.child({ request_id: 'req_1' }).info('accepted', { check_id: 'chk_1' })
    expect(lines).toEqual([
      {
        level: 'info',
        time: '2026-01-01T00:00:00.000Z',
        msg: 'accepted',
        service: 'test',
        request_id: 'req_1',
        check_id: 'chk_1',
      },
    ])
  })

  it('drops lines under the level', () => {
    const { log, lines } = capture('warn')
    log.info('quiet')
    log.error('loud')
    expect(lines.map((l) => l.msg)).toEqual(['loud'])
  })

  it('serialises errors with their code', () => {
    const { log, lines } = capture()
    const error = Object.assign(new Error('boom'), { code: 'x_failed' })
    log.error('failed', { err: error })
    expect(lines[0]?.err).toMatchObject({ name: 'Error', message: 'boom', code: 'x_failed' })
  })
})
