/**
 * Starts the eight services (gateway, extraction, authenticity, matching, replay, aggregator, settlement, webhooks) and the
 * review console as child processes, each `node --enable-source-maps services/<name>/dist/main.js` (bundled
 * first when missing or older than its sources: packages/build), with the current environment (the stack's variables:
 * `eval "$(bash deploy/native/stack.sh env)"`) and prints the gateway's base URL and the console's URL.
 * Ctrl-C / SIGTERM stops them all.
 *
 *   npx tsx scripts/run/services.ts [--port 8080] [--operator-port 9090] [--console-port 8090]
 *
 * The gateway's /metrics and /readyz are on its operator port (printed as RV_OPERATOR_URL), not on RV_BASE_URL.
 */
import { readProcessEnv } from '@rv/config'
import { startConsole } from '../../services/e2e/src/start-console'
import { startServices } from '../../services/e2e/src/start-services'

const portArg = process.argv.indexOf('--port')
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(readProcessEnv().PORT ?? 8080)

const operatorArg = process.argv.indexOf('--operator-port')
const operatorPort =
  operatorArg > 0 ? Number(process.argv[operatorArg + 1]) : Number(readProcessEnv().OPERATOR_PORT ?? 9090)
const services = await startServices({ env: readProcessEnv(), port, operatorPort })
process.stdout.write(`RV_BASE_URL=${services.baseUrl}\n`)
process.stdout.write(`RV_OPERATOR_URL=${services.operatorUrl}\n`)
const consolePortArg = process.argv.indexOf('--console-port')
const consolePort =
  consolePortArg > 0
    ? Number(process.argv[consolePortArg + 1])
    : Number(readProcessEnv().CONSOLE_PORT ?? 8090)
const reviewConsole = await startConsole({ env: readProcessEnv(), port: consolePort })
process.stdout.write(`RV_CONSOLE_URL=${reviewConsole.url}\n`)

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  await reviewConsole.stop()
  await services.stop()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
