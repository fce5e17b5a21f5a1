// Readiness probe for the native stack: `node probe.mjs <kafka|mongo|postgres|s3|http> <target> <timeoutSeconds> [pid]`.
// Retries inside one process (Node + client start-up is the slow part) and exits 0 once the server
// answers a real request: Kafka metadata, MongoDB ping, a PostgreSQL session start, or an HTTP 2xx. Gives up early when the
// server process `pid` has died, so a crash is reported at once instead of after the timeout.
import { connect } from 'node:net'
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

// PostgreSQL's startup message as user postgres on database ferretdb (the stack's trust authentication):
// ready once the server answers ReadyForQuery ('Z'), not merely accepts TCP (it does so while starting
// up, then answers 'E' "the database system is starting up"). No client library: the repo has none.
function probePostgres(hostPort) {
  const [host, port] = hostPort.split(':')
  const params = Buffer.from('user\0postgres\0database\0ferretdb\0\0')
  const startup = Buffer.alloc(8 + params.length)
  startup.writeInt32BE(startup.length, 0)
  startup.writeInt32BE(196608, 4) // protocol 3.0
  params.copy(startup, 8)
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port: Number(port) }, () => socket.write(startup))
    let buf = Buffer.alloc(0)
    const done = (err) => {
      socket.destroy()
      err ? reject(err) : resolve()
    }
    socket.setTimeout(2000, () => done(new Error('timeout')))
    socket.on('error', done)
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk])
      while (buf.length >= 5) {
        const type = String.fromCharCode(buf[0])
        const len = buf.readInt32BE(1)
        if (buf.length < 1 + len) return
        const body = buf.subarray(5, 1 + len)
        buf = buf.subarray(1 + len)
        if (type === 'E') return done(new Error(body.toString('utf8').replace(/\0/g, ' ').trim()))
        if (type === 'R' && body.readInt32BE(0) !== 0) return done(new Error('server asks for a password'))
        if (type === 'Z') {
          socket.write(Buffer.from([0x58, 0, 0, 0, 4])) // Terminate
          return done()
        }
      }
    })
  })
}

async function probeHttp(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
}

const probes = { kafka: probeKafka, mongo: probeMongo, postgres: probePostgres, s3: probeS3, http: probeHttp }
const run = probes[kind]
if (!run || !target) {
  console.error('usage: probe.mjs <kafka|mongo|postgres|s3|http> <target> <timeoutSeconds> [pid]')
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
