/**
 * /readyz against real consumers on the real Kafka and schema registry: 503 before the consumer runs,
 * 200 while it runs, 503 once it stopped; and runStageConsumer serving it when HEALTH_PORT is set.
 */

import { emptyMatch } from '@rv/core'
import { createEventBus, type EventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createConsumerReadiness } from '../src/consumer-readiness'
import { startHealthServer } from '../src/health-server'
import { runStageConsumer } from '../src/run-stage-consumer'
import { stageFixture } from './stage-fixture'

const fixture = stageFixture(inject('stack'), 'rv-service-runtime-health-tests')
const { kafka, config } = fixture
const logger = createLogger({ level: 'silent' })
let bus: EventBus | undefined

beforeAll(async () => {
  bus = createEventBus({
    brokers: kafka.brokers,
    clientId: kafka.clientId,
    registryUrl: config.registry.url,
    topicPrefix: kafka.topicPrefix,
    shutdown: false,
    logger,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
})

afterAll(async () => {
  await bus?.close().catch(() => undefined)
  await fixture.removeTopics()
})

async function probe(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url)
  return { status: res.status, body: await res.json() }
}

describe('/readyz of a real consumer', () => {
  it('is 503 before the consumer runs, 200 while it runs and 503 after it stopped', async () => {
    const ready = createConsumerReadiness()
    const health = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: ready.readiness })
    try {
      expect(await probe(`${health.url}/readyz`)).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'consumer_starting' },
      })
      const consumer = await bus!.consume({
        groupId: randomName('health'),
        topics: ['check.matched.v1'],
        handle: async () => undefined,
      })
      ready.watch(consumer)
      expect(await probe(`${health.url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } })
      await consumer.stop()
      expect(await probe(`${health.url}/readyz`)).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'consumer_not_running' },
      })
      // Liveness is about the process, not the consumer.
      expect(await probe(`${health.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } })
    } finally {
      await health.close()
    }
  })
})

/** A stage that answers nothing, with its health server on `port` (undefined: HEALTH_PORT unset). */
function startStage(stage: string, port: number | undefined) {
  return runStageConsumer({
    config: { ...config, health: { host: '127.0.0.1', port } },
    logger,
    stage,
    consumes: 'check.submitted.v1',
    publishes: 'check.matched.v1',
    shutdown: false,
    handle: async () => null,
    failedResult: (event, error) => ({
      check_id: event.check_id,
      tenant_id: event.tenant_id,
      match: emptyMatch(),
      error,
    }),
    published: { msg: 'matched' },
  })
}

describe('runStageConsumer with HEALTH_PORT', () => {
  it('serves /readyz 200 once consuming and closes the server with the bus', async () => {
    const stage = await startStage('matching', 0)
    const url = stage.healthUrl
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await probe(`${url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } })
    expect(await probe(`${url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } })
    await stage.close()
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  })

  it('starts no server when the port is unset', async () => {
    const stage = await startStage('replay', undefined)
    expect(stage.healthUrl).toBeUndefined()
    await stage.close()
  })
})
