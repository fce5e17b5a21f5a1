/**
 * What the bus records about itself against the real Kafka: retries and dead letters by stage and code,
 * outcome and time per message, lag per group and partition; and the W3C traceparent a publish inside a span
 * writes into the message's headers, read back by the consumer as the parent of its own span.
 */
import { enableMetrics, renderMetrics, startTracing, traceContextHeaders, withSpan } from '@rv/observability'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { matchedEvent, newCheckId } from './sample-events'
import { createTestBus, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

const line = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix))

describe('consumer metrics against the real Kafka', () => {
  it('counts the retries and the dead letter of a failing message, its outcome, and the lag of its partition', async () => {
    enableMetrics({ service: 'kafka-test' })
    current = await createTestBus()
    const { bus } = current
    const stage = randomName('stage')
    const groupId = randomName('group')
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    let given = 0
    await bus.consume({
      groupId,
      stage,
      topics: ['check.matched.v1'],
      retry: { retries: 2, initialMs: 10, maxMs: 20 },
      handle: async () => {
        throw new Error('dependency still down')
      },
      onPermanentFailure: async () => void given++,
    })
    await waitFor(() => (given === 1 ? true : undefined))
    const text = (await renderMetrics())?.body ?? ''
    expect(
      line(text, `rv_message_retries_total{stage="${stage}",topic="check.matched.v1",code="internal_error"`),
    ).toMatch(/ 2$/)
    expect(
      line(text, `rv_dead_letters_total{stage="${stage}",topic="check.matched.v1",code="internal_error"`),
    ).toMatch(/ 1$/)
    expect(
      line(
        text,
        `rv_messages_processed_total{stage="${stage}",topic="check.matched.v1",outcome="dead_lettered"`,
      ),
    ).toMatch(/ 1$/)
    expect(line(text, `rv_stage_processing_seconds_count{service="kafka-test",stage="${stage}"`)).toMatch(
      / 1$/,
    )
    expect(text).toMatch(
      new RegExp(
        `rv_consumer_lag_messages\\{group="${groupId}",topic="check.matched.v1",partition="\\d"[^}]*\\} 0`,
      ),
    )
    expect(line(text, 'rv_messages_published_total{topic="check.matched.v1"')).toBeDefined()
  })
})

describe('trace context across the real Kafka', () => {
  const tracing = startTracing({
    service: 'kafka-test',
    otlpEndpoint: undefined,
    exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined },
  })
  afterAll(() => tracing.shutdown())

  it("carries the publisher's trace in the traceparent header to the consumer's span", async () => {
    current = await createTestBus()
    const { bus } = current
    const id = newCheckId()
    const published = await withSpan('publish', {}, async (span) => {
      await bus.publish('check.matched.v1', id, matchedEvent(id), { 'request-id': 'req_1' })
      return span.spanContext()
    })
    const seen: { headers: Record<string, string>; inside: Record<string, string> }[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async (m) => void seen.push({ headers: { ...m.headers }, inside: traceContextHeaders() }),
    })
    await waitFor(() => (seen.length === 1 ? true : undefined))
    const [{ headers, inside }] = seen as [(typeof seen)[number]]
    expect(headers['request-id']).toBe('req_1')
    expect(headers.traceparent).toBe(`00-${published.traceId}-${published.spanId}-01`)
    // Inside the handler the consumer's own span is active: same trace, a new span.
    expect(inside.traceparent).toMatch(new RegExp(`^00-${published.traceId}-[0-9a-f]{16}-01$`))
    expect(inside.traceparent).not.toContain(published.spanId)
  })
})
