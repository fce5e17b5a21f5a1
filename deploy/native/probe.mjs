// Readiness probe for the native stack: `node probe.mjs <kafka|mongo|s3|http> <target> <timeoutSeconds> [pid]`.
// Retries inside one process (Node + client start-up is the slow part) and exits 0 once the server
// answers a real request: Kafka metadata, MongoDB ping, or an HTTP 2xx. Gives up early when the
// server process `pid` has died, so a crash is reported at once instead of after the timeout.
import { setTimeout as sleep } from 'node:timers/promises'

const [kind, target, timeoutArg = '0', pidArg] = process.argv.slice(2)
const deadline = Date.now() + Number(timeoutArg) * 1000

async function probeKafka(brokers) {
  const { Kafka, logLevel } = await import('kafkajs')
  const kafka = new Kafka({
    clientId: 'stack-probe',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  })
  const admin = kafka.admin()
  try {
    await admin.connect()
    await admin.listTopics()
  } finally {
    await admin.disconnect().catch(() => {})
  }
}

async function probeMongo(url) {
  const { MongoClient } = await import('mongodb')
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 })
  try {
    const res = await client.db('admin').command({ ping: 1 })
    if (res.ok !== 1) throw new Error(`ping answered ${JSON.stringify(res)}`)
  } finally {
    await client.close().catch(() => {})
  }
}

// A signed ListBuckets: proves the S3 API answers and the stack's credentials are accepted.
async function probeS3(endpoint) {
  const { Client } = await import('minio')
  const url = new URL(endpoint)
  const client = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: url.protocol === 'https:',
    accessKey: process.env.STACK_S3_ACCESS_KEY ?? '',
    secretKey: process.env.STACK_S3_SECRET_KEY ?? '',
    region: 'us-east-1',
  })
  await client.listBuckets()
}

async function probeHttp(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
}

const probes = { kafka: probeKafka, mongo: probeMongo, s3: probeS3, http: probeHttp }
const run = probes[kind]
if (!run || !target) {
  console.error('usage: probe.mjs <kafka|mongo|s3|http> <target> <timeoutSeconds> [pid]')
  process.exit(2)
}

function serverDied() {
  if (!pidArg) return false
  try {
    process.kill(Number(pidArg), 0)
    return false
  } catch {
    return true
  }
}

let lastError
do {
  try {
    await run(target)
    process.exit(0)
  } catch (err) {
    lastError = err
    if (err?.code === 'ERR_MODULE_NOT_FOUND') break
  }
  if (serverDied()) {
    lastError = new Error(`process ${pidArg} exited`)
    break
  }
  await sleep(300)
} while (Date.now() < deadline)

console.error(`${kind} ${target} not ready: ${lastError?.message ?? lastError}`)
if (lastError?.code === 'ERR_MODULE_NOT_FOUND') console.error('run `npm ci` at the repository root first')
process.exit(1)
