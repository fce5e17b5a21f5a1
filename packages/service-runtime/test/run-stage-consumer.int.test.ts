/**
 * A stage consumer on the real Kafka and schema registry: results carry the request id onward, events
 * the stage does not answer publish nothing, and a given-up event still yields a result with `error`.
 */

import { emptyMatch, stageErrorBlock } from '@rv/core'
import { createEventBus, type EventBus, KafkaStageError } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import type { CheckMatchedV1, CheckSubmittedV1 } from '@rv/schemas'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { runStageConsumer } from '../src/run-stage-consumer'
import { stageFixture } from './stage-fixture'

const fixture = stageFixture(inject('stack'), 'rv-service-runtime-tests')
const { kafka, config } = fixture
const logger = createLogger({ level: 'silent' })
const received: { key: string; value: CheckMatchedV1; headers: Readonly<Record<string, string>> }[] = []
let stageBus: EventBus | undefined
let readerBus: EventBus | undefined

function submitted(checkId: string): CheckSubmittedV1 {
  return {
    check_id: checkId,
    tenant_id: 'tenant-test',
    created_at: '2026-01-02T03:04:05.000Z',
    file: {
      bucket: 'receipts',
      key: `t/${checkId}.pdf`,
      sha256: 'c'.repeat(64),
      size: 2048,
      content_type: 'application/pdf',
    },
    expectation: { amount: 1050.5, currency: 'RUB' },
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

const runId = kafka.groupPrefix
  .replace(/[^0-9A-Za-z]/g, '')
  .padEnd(12, '0')
  .slice(0, 20)
const checkId = (n: number) => `chk_${runId}x${n}`

beforeAll(async () => {
  stageBus = await runStageConsumer({
    config,
    logger,
    stage: 'matching',
    consumes: 'check.submitted.v1',
    publishes: 'check.matched.v1',
    shutdown: false,
    handle: async (event) => {
      if (event.check_id === checkId(2)) return null
      if (event.check_id === checkId(3))
        throw new KafkaStageError('storage_unavailable', 'gone', { retryable: false })
      return {
        check_id: event.check_id,
        tenant_id: event.tenant_id,
        match: { ...emptyMatch(), amount: true },
      }
    },
    failedResult: (event, error) => ({
      check_id: event.check_id,
      tenant_id: event.tenant_id,
      match: emptyMatch(),
      error,
    }),
    published: { msg: 'matched' },
  })
  readerBus = createEventBus({
    brokers: kafka.brokers,
    clientId: 'rv-service-runtime-reader',
    registryUrl: config.registry.url,
    topicPrefix: kafka.topicPrefix,
    shutdown: false,
    logger,
  })
  await readerBus.consume({
    groupId: randomName('reader'),
    topics: ['check.matched.v1'],
    handle: async ({ key, value, headers }) => void received.push({ key, value, headers }),
  })
})

afterAll(async () => {
  await stageBus?.close().catch(() => undefined)
  await readerBus?.close().catch(() => undefined)
  await fixture.removeTopics()
})

async function resultFor(id: string): Promise<(typeof received)[number]> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const found = received.find((r) => r.key === id)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no check.matched.v1 for ${id}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('runStageConsumer', () => {
  it('publishes the handler result keyed by check id, carrying the request id onward', async () => {
    await stageBus!.publish('check.submitted.v1', checkId(1), submitted(checkId(1)), {
      'request-id': 'req_it_1',
      'x-other': 'y',
    })
    const result = await resultFor(checkId(1))
    expect(result.value).toEqual({
      check_id: checkId(1),
      tenant_id: 'tenant-test',
      match: { ...emptyMatch(), amount: true },
    })
    expect(result.value.error).toBeUndefined()
    expect(result.headers['request-id']).toBe('req_it_1')
    expect(result.headers['x-other']).toBeUndefined()
  })

  it('publishes nothing for a skipped event, and the stage error block for a permanent failure', async () => {
    // Same key, so one partition: the skipped event is handled (and would have been published) first.
    await stageBus!.publish('check.submitted.v1', checkId(3), submitted(checkId(2)))
    await stageBus!.publish('check.submitted.v1', checkId(3), submitted(checkId(3)))
    const failed = await resultFor(checkId(3))
    expect(failed.value).toEqual({
      check_id: checkId(3),
      tenant_id: 'tenant-test',
      match: emptyMatch(),
      error: stageErrorBlock('matching', 'storage_unavailable'),
    })
    expect(failed.value.error?.code).toBe('storage_unavailable')
    expect(received.some((r) => r.value.check_id === checkId(2))).toBe(false)
  })
})
