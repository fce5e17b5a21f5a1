/**
 * Starts the six services as child processes (the same `tsx src/main.ts` a container runs) with one
 * environment, waits until the gateway answers /readyz, and stops them all together.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const serviceNames = [
  'gateway',
  'extraction',
  'authenticity',
  'matching',
  'replay',
  'aggregator',
] as const
export type ServiceName = (typeof serviceNames)[number]

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface RunningServices {
  baseUrl: string
  stop: () => Promise<void>
  /** Stops one service (SIGTERM, as an orchestrator would); `start` brings it back with the same env. */
  stopService: (name: ServiceName) => Promise<void>
  startService: (name: ServiceName) => void
}

export interface StartServicesOptions {
  /** The stack and service environment (KAFKA_BROKERS, MONGODB_URL, ...). PORT is set here. */
  env: Record<string, string | undefined>
  /** Gateway port; a free one when absent. */
  port?: number
  /** Where child output goes; inherited by default. */
  output?: 'inherit' | 'ignore'
  readyTimeoutMs?: number
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function startOne(
  name: ServiceName,
  env: Record<string, string | undefined>,
  output: 'inherit' | 'ignore',
): ChildProcess {
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx')
  return spawn(tsx, [resolve(repoRoot, `services/${name}/src/main.ts`)], {
    cwd: repoRoot,
    env: { ...env, KAFKA_CLIENT_ID: `rv-${name}` } as NodeJS.ProcessEnv,
    stdio: ['ignore', output, output],
  })
}

async function waitReady(url: string, children: ChildProcess[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.exitCode !== null)
    if (dead) throw new Error(`a service exited with code ${dead.exitCode} during start-up`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`gateway not ready at ${url} after ${timeoutMs} ms`)
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      done()
    })
    child.kill('SIGTERM')
  })
}

/**
 * @example
 * const services = await startServices({ env: stackEnv })
 * await fetch(`${services.baseUrl}/v1/checks`, ...)
 * await services.stop()
 */
export async function startServices(options: StartServicesOptions): Promise<RunningServices> {
  const port = options.port ?? (await freePort())
  const env = { ...options.env, PORT: String(port), HOST: '127.0.0.1' }
  const output = options.output ?? 'inherit'
  const children = serviceNames.map((name) => startOne(name, env, output))
  const childOf = (name: ServiceName) => children[serviceNames.indexOf(name)] as ChildProcess
  // If this process dies without calling stop(), do not leave six orphans behind.
  const killOnExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  }
  process.once('exit', killOnExit)
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    await Promise.all(children.map(stopChild))
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitReady(baseUrl, children, options.readyTimeoutMs ?? 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    baseUrl,
    stop,
    stopService: (name) => stopChild(childOf(name)),
    startService: (name) => {
      children[serviceNames.indexOf(name)] = startOne(name, env, output)
    },
  }
}
