/**
 * Webhooks bench (docs/webhooks.md): the webhooks service as a process on the real stack, delivering to a
 * receiver on 127.0.0.1 that answers 200 at once (the operator allow-list opens loopback).
 *
 * 1. Throughput: --events check.completed events published at once to --endpoints endpoints; deliveries
 *    per second from the first publish to the last delivery received (each event id counted once per
 *    endpoint; the publish is inside the window).
 * 2. Added CPU per check: the service's CPU (its process tree, /proc) while --rate checks/s are published
 *    for --duration s, minus its idle CPU over the same time (measured for --idle s first), per check.
 *
 * Needs the stack: eval "$(bash deploy/native/stack.sh env)". Prints the load average: on a busy machine
 * the figures are upper bounds.
 *
 *   npm run bench:webhooks -- [--events 2000] [--endpoints 1] [--rate 10] [--duration 30] [--idle 10] [--concurrency 16]
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exampleRecord } from '@rv/core'
import { createEventBus } from '@rv/kafka'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { startServices } from '../../services/e2e/src/start-services'
import { loadAverage, numberOption, requireStack } from './cli'
import { cpuMsOfTrees } from './load/proc-cpu'

const events = numberOption('events', 2000)
const endpointCount = numberOption('endpoints', 1)
const rate = numberOption('rate', 10)
const durationS = numberOption('duration', 30)
const idleS = numberOption('idle', 10)
const concurrency = numberOption('concurrency', 16)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const stack = requireStack()
const environment = createE2eEnvironment(stack, 'bench-webhooks')
const store = await connectStore({ url: stack.mongoUrl, database: environment.database })
await store.ensureIndexes()
const tenantId = (await store.tenants.createTenant('bench-webhooks'))._id

const received = new Set<string>()
let lastAt = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    received.add(`${req.url} ${req.headers['rv-event-id']}`)
    lastAt = performance.now()
    res.writeHead(200).end()
  })
})
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
for (let i = 0; i < endpointCount; i++)
  await store.webhookEndpoints.create(tenantId, { url: `${base}/e${i}`, events: ['check.completed'] })

const bus = createEventBus({
  brokers: stack.kafkaBrokers,
  clientId: 'bench-webhooks',
  registryUrl: stack.schemaRegistryUrl,
  topicPrefix: environment.topicPrefix,
  shutdown: false,
})
await bus.ensureTopics()
await bus.registerSchemas()
const services = await startServices({
  env: environment.env,
  only: ['webhooks'],
  output: 'ignore',
  envOf: {
    webhooks: {
      WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1/32',
      WEBHOOK_CONCURRENCY: String(concurrency),
      WEBHOOK_SWEEP_INTERVAL_MS: '200',
    },
  },
})

let sequence = 0
const record = (): CheckRecord => ({
  ...exampleRecord(),
  id: `chk_BENCHWEBHOOK${String(++sequence).padStart(10, '0')}`,
  tenant_id: tenantId,
  status: 'done',
  recommendation: 'accept',
})
const publish = () => {
  const r = record()
  return bus.publish('check.completed.v1', r.id, r)
}
async function until(predicate: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (!predicate()) {
    if (Date.now() > end) return false
    await sleep(50)
  }
  return true
}
const cpuMs = () => cpuMsOfTrees(services.pids().webhooks).reduce((a, b) => a + b, 0)

try {
  process.stdout.write(`webhooks bench ${new Date().toISOString()} load ${loadAverage()}\n`)
  // Warm-up: the consumer joins its group and the first delivery goes out.
  await publish()
  if (!(await until(() => received.size >= endpointCount, 180_000))) throw new Error('no warm-up delivery')

  received.clear()
  const start = performance.now()
  await Promise.all(Array.from({ length: events }, publish))
  const expected = events * endpointCount
  const done = await until(() => received.size >= expected, 600_000)
  const seconds = (lastAt - start) / 1000
  process.stdout.write(
    `throughput: ${received.size}/${expected} deliveries in ${seconds.toFixed(1)} s = ${(received.size / seconds).toFixed(0)} deliveries/s` +
      ` (${endpointCount} endpoint(s), concurrency ${concurrency}${done ? '' : ', INCOMPLETE'}) load ${loadAverage()}\n`,
  )

  await sleep(2000)
  const idleFrom = cpuMs()
  await sleep(idleS * 1000)
  const idlePerS = (cpuMs() - idleFrom) / idleS
  received.clear()
  const checks = Math.round(rate * durationS)
  const cpuFrom = cpuMs()
  const t0 = performance.now()
  for (let i = 0; i < checks; i++) {
    const due = t0 + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    await publish()
  }
  const all = await until(() => received.size >= checks * endpointCount, 120_000)
  const elapsedS = (performance.now() - t0) / 1000
  const added = cpuMs() - cpuFrom - idlePerS * elapsedS
  process.stdout.write(
    `cpu: ${checks} checks at ${rate}/s over ${elapsedS.toFixed(1)} s: ${(added / checks).toFixed(2)} ms CPU added per check` +
      ` (idle ${idlePerS.toFixed(1)} ms/s subtracted; ${endpointCount} endpoint(s)${all ? '' : ', INCOMPLETE'}) load ${loadAverage()}\n`,
  )
} finally {
  await services.stop()
  await bus.close()
  receiver.close()
  await store.close()
  await environment.cleanup.run()
}
