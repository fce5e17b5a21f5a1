/**
 * The readiness probe of a service's bus: answered from the broker's cluster metadata over one admin
 * connection kept open, never listing or creating topics (a flood of /readyz must not become topic
 * creation on the brokers).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus, type EventBus } from '../src/event-bus'
import { adminKafka, brokers, cleanupPrefix, memoryLogger, randomName, registryUrl } from './stack'

let bus: EventBus | undefined
let prefix = ''

afterEach(async () => {
  await cleanupPrefix(bus, prefix)
  bus = undefined
})

async function topicsWith(start: string): Promise<string[]> {
  const admin = adminKafka.admin()
  await admin.connect()
  try {
    return (await admin.listTopics()).filter((t) => t.startsWith(start))
  } finally {
    await admin.disconnect()
  }
}

describe('EventBus.ping', () => {
  it('answers while the broker is up and creates no topic, however often it is called', async () => {
    prefix = `${randomName('ping')}.`
    bus = createEventBus({
      brokers,
      registryUrl,
      clientId: 'rv-ping-tests',
      topicPrefix: prefix,
      shutdown: false,
      logger: memoryLogger(),
    })
    for (let i = 0; i < 20; i++) await bus.ping()
    expect(await topicsWith(prefix)).toEqual([])
  })

  it('rejects when no broker answers', async () => {
    bus = createEventBus({
      brokers: ['127.0.0.1:1'],
      registryUrl,
      clientId: 'rv-ping-tests',
      shutdown: false,
      logger: memoryLogger(),
    })
    await expect(bus.ping()).rejects.toThrow()
  })
})
