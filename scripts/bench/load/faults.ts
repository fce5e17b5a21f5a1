/**
 * The faults `npm run bench:faults` injects under load, each with its recovery. A fault runs `at` seconds
 * into its load phase; `recover` brings the system back (restart, start) and resolves once it is back.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { deadLetterTopic, eventTopics, physicalTopic } from '@rv/kafka'
import { sendPoison, topicMessageCount } from '@rv/testing'
import { repoRoot, type ServiceName } from '../../../services/e2e/src/start-services'
import type { BenchStack } from './bench-stack'

const run = promisify(execFile)

export interface Fault {
  name: string
  /** What happened, for the table (e.g. dead letters written). */
  inject(bench: BenchStack): Promise<void>
  recover(bench: BenchStack): Promise<string>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitGatewayReady(operatorUrl: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${operatorUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
}

function killed(service: ServiceName): Fault {
  return {
    name: `kill -9 ${service}`,
    inject: (bench) => bench.services.killService(service, 'SIGKILL'),
    async recover(bench) {
      await sleep(2000)
      bench.services.startService(service)
      if (service === 'gateway') await waitGatewayReady(bench.services.operatorUrl)
      return 'restarted after 2 s'
    },
  }
}

/** `deploy/native/stack.sh stop|start <server>` of this checkout's stack. */
function stopped(server: 'kafka' | 'ferretdb', label: string, downMs: number): Fault {
  const stack = (verb: string) =>
    run('bash', ['deploy/native/stack.sh', verb, server], { cwd: repoRoot, maxBuffer: 1 << 24 })
  return {
    name: `${label} stopped ${downMs / 1000} s`,
    inject: async () => {
      await stack('stop')
    },
    async recover() {
      await sleep(downMs)
      await stack('start')
      return `stack.sh start ${server} done`
    },
  }
}

function poisoned(): Fault {
  let before = 0
  let sent = 0
  return {
    name: 'poison message on each topic',
    async inject(bench) {
      const dlq = physicalTopic(bench.e2e.topicPrefix, deadLetterTopic)
      before = await topicMessageCount(bench.stack.kafkaBrokers, dlq)
      sent = 0
      for (const topic of eventTopics)
        sent += await sendPoison(
          { brokers: bench.stack.kafkaBrokers, registryUrl: bench.stack.schemaRegistryUrl },
          physicalTopic(bench.e2e.topicPrefix, topic),
          'chk_poison',
        )
    },
    async recover(bench) {
      // Each poison message is dead-lettered once per consumer group reading its topic.
      await sleep(20_000)
      const dlq = physicalTopic(bench.e2e.topicPrefix, deadLetterTopic)
      const after = await topicMessageCount(bench.stack.kafkaBrokers, dlq)
      return `${sent} poison messages on ${eventTopics.length} topics; ${after - before} dead letters written`
    },
  }
}

export const faultNames = [
  'kill:gateway',
  'kill:extraction',
  'kill:authenticity',
  'kill:matching',
  'kill:replay',
  'kill:aggregator',
  'stop:kafka',
  'stop:store',
  'poison',
] as const

export function faultFor(name: (typeof faultNames)[number], downMs: number): Fault {
  if (name.startsWith('kill:')) return killed(name.slice(5) as ServiceName)
  if (name === 'stop:kafka') return stopped('kafka', 'Kafka', downMs)
  if (name === 'stop:store') return stopped('ferretdb', 'store (FerretDB)', downMs)
  return poisoned()
}
