/**
 * TLS + SASL towards the brokers and basic auth towards the registry, over real connections: the local
 * stack's Kafka has a SASL_SSL listener (its own CA, SASL PLAIN; deploy/native/kafka/service.sh), and the
 * registry is reached through a relay that demands basic auth before forwarding to the real Apicurio.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KafkaSecurityConfig } from '@rv/config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsumedMessage } from '../src/consumer-types'
import { createEventBus, type EventBus } from '../src/event-bus'
import { matchedEvent, newCheckId } from './sample-events'
import { cleanupPrefix, memoryLogger, randomName, registryUrl, waitFor } from './stack'

const secureBrokers = process.env.KAFKA_SASL_SSL_BROKERS?.split(',')
const caFile = process.env.KAFKA_SASL_SSL_CA_FILE
const username = process.env.KAFKA_SASL_SSL_USERNAME ?? ''
const password = process.env.KAFKA_SASL_SSL_PASSWORD ?? ''

const registryUser = 'rv-registry'
const registryPassword = 'relay-secret'

/** Forwards to the real registry only requests that carry the expected basic-auth header. */
async function startAuthRelay(): Promise<{ url: string; server: Server; refused: () => number }> {
  const expected = `Basic ${Buffer.from(`${registryUser}:${registryPassword}`).toString('base64')}`
  const target = new URL(registryUrl)
  let refused = 0
  const server = createServer(async (req, res) => {
    if (req.headers.authorization !== expected) {
      refused++
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic' })
      res.end(JSON.stringify({ error_code: 401, message: 'Unauthorized' }))
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const upstream = await fetch(`${target.origin}${req.url}`, {
      method: req.method ?? 'GET',
      headers: {
        'content-type': req.headers['content-type'] ?? 'application/json',
        accept: req.headers.accept ?? '*/*',
      },
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    })
    res.end(Buffer.from(await upstream.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}${target.pathname}`, server, refused: () => refused }
}

function secureBus(security: KafkaSecurityConfig, registry: string, prefix: string, auth = true): EventBus {
  return createEventBus({
    brokers: secureBrokers ?? [],
    registryUrl: registry,
    clientId: 'rv-kafka-secure-tests',
    topicPrefix: prefix,
    partitions: 1,
    shutdown: false,
    logger: memoryLogger(),
    security,
    ...(auth ? { registryAuth: { username: registryUser, password: registryPassword } } : {}),
  })
}

const sasl = () => ({ mechanism: 'plain' as const, username, password })
const tls = () => ({ caFile, certFile: undefined, keyFile: undefined, rejectUnauthorized: true })

// Skipped where KAFKA_SASL_SSL_* are unset: the native stack exports them; an external or Docker Kafka has no
// such listener.
describe.skipIf(!secureBrokers || !caFile)('a production-style secured Kafka and registry', () => {
  let relay: Awaited<ReturnType<typeof startAuthRelay>>
  beforeAll(async () => {
    relay = await startAuthRelay()
  })
  afterAll(async () => {
    await new Promise((resolve) => relay.server.close(resolve))
  })

  it('round-trips an event over SASL_SSL with the registry behind basic auth', async () => {
    const prefix = `${randomName('sec')}.`
    const bus = secureBus({ tls: tls(), sasl: sasl() }, relay.url, prefix)
    try {
      await bus.ensureTopics()
      await bus.registerSchemas(['check.matched.v1'])
      const id = newCheckId()
      await bus.publish('check.matched.v1', id, matchedEvent(id))
      const received: ConsumedMessage<'check.matched.v1'>[] = []
      await bus.consume({
        groupId: randomName('secure-group'),
        topics: ['check.matched.v1'],
        handle: async (m) => void received.push(m),
      })
      const message = await waitFor(() => received.find((m) => m.key === id))
      expect(message.value).toEqual(matchedEvent(id))
    } finally {
      await cleanupPrefix(bus, prefix)
    }
  })

  it('is refused with a wrong SASL password', async () => {
    const bus = secureBus({ tls: tls(), sasl: { ...sasl(), password: `${password}-wrong` } }, relay.url, 'x.')
    try {
      await expect(bus.ensureTopics()).rejects.toThrow(/SASL|[Aa]uthentication/)
    } finally {
      await bus.close()
    }
  })

  it("does not trust the brokers' certificate without the CA that signed it", async () => {
    const bus = secureBus({ tls: { ...tls(), caFile: undefined }, sasl: sasl() }, relay.url, 'x.')
    try {
      await expect(bus.ensureTopics()).rejects.toThrow(/certificate|self.signed|SSL|Connection/i)
    } finally {
      await bus.close()
    }
  })

  it('cannot register schemas when the registry credentials are missing', async () => {
    const before = relay.refused()
    const bus = secureBus({ tls: tls(), sasl: sasl() }, relay.url, `${randomName('sec')}.`, false)
    try {
      await expect(bus.registerSchemas(['check.matched.v1'])).rejects.toThrow()
      expect(relay.refused()).toBeGreaterThan(before)
    } finally {
      await bus.close()
    }
  })
})
