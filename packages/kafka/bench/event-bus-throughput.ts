/**
 * Prints publish and consume figures of the event bus against the real stack (fresh prefixed topics,
 * removed afterwards). Not a test: numbers depend on the machine.
 *
 *   npm run bench -w @rv/kafka [-- --messages 2000]
 */

import type { CheckMatchedV1 } from '@rv/schemas'
import { randomName, resolveStack } from '@rv/testing'
import { createEventBus } from '../src/event-bus'
import { removeBenchNamespace } from './bench-namespace'

const countAt = process.argv.indexOf('--messages')
const count = countAt === -1 ? 2000 : Number(process.argv[countAt + 1])

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function summary(label: string, ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b)
  return `${label}: p50 ${percentile(s, 50).toFixed(2)} ms, p95 ${percentile(s, 95).toFixed(2)} ms, max ${s.at(-1)?.toFixed(2)} ms`
}

function value(i: number): CheckMatchedV1 {
  return {
    check_id: `chk_bench${String(i).padStart(17, '0')}`,
    tenant_id: 'bench',
    match: {
      bank: true,
      amount: true,
      currency: true,
      recipient: true,
      window: true,
      type: true,
      status: true,
      payment_reference: null,
    },
  }
}

const stack = await resolveStack()
const prefix = `${randomName('bench-kafka')}.`
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: (m: string) => console.error(m) }
const bus = createEventBus({
  brokers: stack.kafkaBrokers,
  registryUrl: stack.schemaRegistryUrl,
  clientId: 'rv-kafka-bench',
  topicPrefix: prefix,
  shutdown: false,
  logger: silent,
})
try {
  await bus.ensureTopics()
  await bus.registerSchemas()
  await bus.publish('check.matched.v1', value(99_999_999).check_id, value(99_999_999))

  const sequential: number[] = []
  let t0 = performance.now()
  for (let i = 0; i < count; i++) {
    const t = performance.now()
    await bus.publish('check.matched.v1', value(i).check_id, value(i), {
      'x-sent-at': String(performance.timeOrigin + performance.now()),
    })
    sequential.push(performance.now() - t)
  }
  const sequentialSeconds = (performance.now() - t0) / 1000
  console.log(
    `publish, one at a time (awaiting each ack, acks=all, idempotent): ${count} messages in ${sequentialSeconds.toFixed(2)} s = ${(count / sequentialSeconds).toFixed(0)} msg/s`,
  )
  console.log(summary('  publish latency', sequential))

  t0 = performance.now()
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      bus.publish('check.matched.v1', value(count + i).check_id, value(count + i), {
        'x-sent-at': String(performance.timeOrigin + performance.now()),
      }),
    ),
  )
  const concurrentSeconds = (performance.now() - t0) / 1000
  console.log(
    `publish, ${count} concurrent calls: ${concurrentSeconds.toFixed(2)} s = ${(count / concurrentSeconds).toFixed(0)} msg/s`,
  )

  const total = 2 * count + 1
  const endToEnd: number[] = []
  let received = 0
  let firstAt = 0
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => {
    done = resolve
  })
  t0 = performance.now()
  await bus.consume({
    groupId: randomName('bench-group'),
    topics: ['check.matched.v1'],
    handle: async (m) => {
      if (received === 0) firstAt = performance.now()
      received++
      const sentAt = Number(m.headers['x-sent-at'])
      if (Number.isFinite(sentAt)) endToEnd.push(performance.timeOrigin + performance.now() - sentAt)
      if (received === total) done()
    },
  })
  await finished
  const drainSeconds = (performance.now() - firstAt) / 1000
  console.log(
    `consume (decode + validate + handler + commit per message, 3 partitions, 1 consumer): ${total} messages drained in ${drainSeconds.toFixed(2)} s after the first = ${(total / drainSeconds).toFixed(0)} msg/s; group join to first message ${(firstAt - t0).toFixed(0)} ms`,
  )
  console.log(summary('  publish-to-handler age of backlog messages', endToEnd))

  // Live latency: one message at a time, consumer already caught up.
  const live: number[] = []
  for (let i = 0; i < 200; i++) {
    const before = received
    const t = performance.now()
    await bus.publish('check.matched.v1', value(9_000_000 + i).check_id, value(9_000_000 + i))
    while (received === before) await new Promise((r) => setImmediate(r))
    live.push(performance.now() - t)
  }
  console.log(summary('live end-to-end (publish call to handler start, 200 messages)', live))
} finally {
  await bus.close()
  await removeBenchNamespace(stack, prefix)
}
