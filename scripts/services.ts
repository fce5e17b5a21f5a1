/**
 * Starts the seven services (gateway, extraction, authenticity, matching, replay, aggregator, settlement) as child
 * processes with the current environment (the stack's variables: `eval "$(bash deploy/native/stack.sh env)"`)
 * and prints the gateway's base URL. Ctrl-C / SIGTERM stops them all.
 *
 *   npx tsx scripts/services.ts [--port 8080]
 */
import { readProcessEnv } from '@rv/config'
import { startServices } from '../services/e2e/src/start-services'

const portArg = process.argv.indexOf('--port')
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(readProcessEnv().PORT ?? 8080)

const services = await startServices({ env: readProcessEnv(), port })
process.stdout.write(`RV_BASE_URL=${services.baseUrl}\n`)

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  await services.stop()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
