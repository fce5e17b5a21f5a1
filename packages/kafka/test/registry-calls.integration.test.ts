/**
 * The schema registry is asked at start, never per message: a bus that registered its schemas publishes
 * and consumes without one more registry request; a bus that did not (a downstream subscriber, a script)
 * asks once per topic and schema id, then never again. Counted by a forwarding proxy on 127.0.0.1 in
 * front of the real registry.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus, type EventBus } from '../src/event-bus'
import { matchedEvent, newCheckId } from './sample-events'
import { brokers, createTestBus, randomName, registryUrl, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
const closing: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
  await current?.cleanup()
  current = undefined
})

/** Forwards every request to the registry and records `METHOD path`. */
async function countingProxy(): Promise<{ url: string; requests: string[] }> {
  const target = new URL(registryUrl)
  const requests: string[] = []
  const server: Server = createServer(async (req, res) => {
    requests.push(`${req.method} ${req.url}`)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const upstream = await fetch(`${target.origin}${req.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    })
    res.end(Buffer.from(await upstream.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closing.push(() => new Promise((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}${target.pathname}`, requests }
}

function busThrough(url: string, prefix: string): EventBus {
  const bus = createEventBus({
    brokers,
    registryUrl: url,
    clientId: 'rv-kafka-tests-count',
    topicPrefix: prefix,
    shutdown: false,
  })
  closing.push(() => bus.close())
  return bus
}

async function publishSome(bus: EventBus, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newCheckId())
  for (const id of ids) await bus.publish('check.matched.v1', id, matchedEvent(id))
  return ids
}

async function consumeAll(bus: EventBus, ids: string[]): Promise<void> {
  const seen = new Set<string>()
  await bus.consume({
    groupId: randomName('group'),
    topics: ['check.matched.v1'],
    handle: async (m) => void seen.add(m.key),
  })
  await waitFor(() => (ids.every((id) => seen.has(id)) ? true : undefined))
}

describe('registry requests per message', () => {
  it('none after registration: 20 messages published and consumed cost no registry request', async () => {
    current = await createTestBus()
    const proxy = await countingProxy()
    const bus = busThrough(proxy.url, current.prefix)
    await bus.registerSchemas(['check.matched.v1'])
    const atStart = proxy.requests.length
    expect(atStart).toBeGreaterThan(0)
    await consumeAll(bus, await publishSome(bus, 20))
    expect(proxy.requests.slice(atStart)).toEqual([])
  })

  it('without registration: one lookup to publish, one schema fetch to consume, whatever the count', async () => {
    current = await createTestBus()
    const proxy = await countingProxy()
    const ids = await publishSome(busThrough(proxy.url, current.prefix), 20)
    // The lookup of this build's schema (POST /subjects/<subject>), once.
    expect(proxy.requests).toHaveLength(1)
    expect(proxy.requests[0]).toMatch(/^POST .*\/subjects\//)
    await consumeAll(busThrough(proxy.url, current.prefix), ids)
    // A consumer that neither registered nor published: the writer schema by id, once.
    expect(proxy.requests).toHaveLength(2)
    expect(proxy.requests[1]).toMatch(/^GET .*\/schemas\/ids\/\d+/)
  })
})
