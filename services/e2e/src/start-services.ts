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

/** A started service and the last lines it wrote, kept so a failed start-up can say why. */
interface Child {
  name: ServiceName
  process: ChildProcess
  tail: string[]
}

const TAIL_LINES = 30

function startOne(
  name: ServiceName,
  env: Record<string, string | undefined>,
  output: 'inherit' | 'ignore',
): Child {
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx')
  const child = spawn(tsx, [resolve(repoRoot, `services/${name}/src/main.ts`)], {
    cwd: repoRoot,
    env: { ...env, KAFKA_CLIENT_ID: `rv-${name}` } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tail: string[] = []
  const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    if (output === 'inherit') to.write(chunk)
    tail.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.length > 0),
    )
    tail.splice(0, Math.max(0, tail.length - TAIL_LINES))
  }
  child.stdout?.on('data', keep(process.stdout))
  child.stderr?.on('data', keep(process.stderr))
  return { name, process: child, tail }
}

async function waitReady(url: string, children: Child[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.process.exitCode !== null)
    if (dead) {
      throw new Error(
        `${dead.name} exited with code ${dead.process.exitCode} during start-up; its last output:\n${dead.tail.join('\n')}`,
      )
    }
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
  const childOf = (name: ServiceName) => (children[serviceNames.indexOf(name)] as Child).process
  // If this process dies without calling stop(), do not leave six orphans behind.
  const killOnExit = () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGTERM')
  }
  process.once('exit', killOnExit)
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    await Promise.all(children.map((child) => stopChild(child.process)))
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
