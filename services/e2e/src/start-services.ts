/**
 * Starts the eight services as child processes (`node --enable-source-maps services/<name>/dist/main.js`, the
 * bundle a container runs; built first when missing or older than its sources) with one environment, waits
 * until the gateway answers /readyz on its operator port, and stops them all together.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureServicesBuilt, serviceBundle } from '@rv/build'
import { keepOutput } from './child-output'
import { freePort } from './free-port'

export { freePort }

export const serviceNames = [
  'gateway',
  'extraction',
  'authenticity',
  'matching',
  'replay',
  'aggregator',
  'settlement',
  'webhooks',
] as const
export type ServiceName = (typeof serviceNames)[number]

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface RunningServices {
  baseUrl: string
  /** The gateway's operator port: /metrics, /readyz, /healthz (never on `baseUrl`). */
  operatorUrl: string
  stop: () => Promise<void>
  /** Stops one service, every replica (SIGTERM, as an orchestrator would); `start` brings them back. */
  stopService: (name: ServiceName) => Promise<void>
  startService: (name: ServiceName) => void
  /** Sends `signal` to every replica of a service (its node process and any process it started) and waits for them to exit. */
  killService: (name: ServiceName, signal: NodeJS.Signals) => Promise<void>
  /** The node pid of each running replica, per service (CPU accounting sums each one's process tree). */
  pids: () => Record<ServiceName, number[]>
  /**
   * Where each replica serves /metrics: the gateway's operator port, and with `healthPorts` each consumer
   * replica's HEALTH_PORT (none without it).
   */
  metricsUrls: () => Record<ServiceName, string[]>
  /**
   * Each replica's state (running, or how it exited) and its last lines: what a test that waited in vain
   * prints, since a runner's log keeps only the end of the services' output.
   */
  describe: () => string
}

export interface StartServicesOptions {
  /** The stack and service environment (KAFKA_BROKERS, MONGODB_URL, ...). PORT is set here. */
  env: Record<string, string | undefined>
  /** Gateway port; a free one when absent. */
  port?: number
  /** The gateway's operator port (OPERATOR_PORT: /metrics, /readyz); a free one when absent. */
  operatorPort?: number
  /** Where child output goes; inherited by default. */
  output?: 'inherit' | 'ignore'
  readyTimeoutMs?: number
  /**
   * Processes per service (default 1). Consumer replicas join one consumer group and share its partitions;
   * more than one gateway is not supported here (they would need a port each).
   */
  replicas?: Partial<Record<Exclude<ServiceName, 'gateway'>, number>>
  /**
   * Only these services (default: all eight). Without the gateway nothing is awaited: consumers join their
   * groups on their own time, which a caller observes on the topics.
   */
  only?: readonly ServiceName[]
  /** Node flags for every service, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: readonly string[]
  /** Variables of one service on top of `env`, e.g. a HEALTH_PORT each (one replica per service then). */
  envOf?: Partial<Record<ServiceName, Record<string, string>>>
  /** Sees every line each service writes (stdout and stderr), e.g. to find error lines. */
  onLine?: (name: ServiceName, line: string) => void
  /**
   * A HEALTH_PORT (/healthz, /readyz, /metrics) for every consumer replica, drawn once and kept across
   * `startService`; `envOf` still wins. Lets a caller read each process's own metrics.
   */
  healthPorts?: boolean
  /** The checkout whose services run; default this one. */
  root?: string
  /** How each service process starts (default: its bundle, built first when stale). */
  launcher?: ServiceLauncher
}

/** A started service and the last lines it wrote, kept so a failed start-up can say why. */
export interface Child {
  name: ServiceName
  process: ChildProcess
  tail: string[]
}

/** The arguments of `node` running a service from its bundle, as the manifests and start.sh run it. */
export function serviceArgs(name: string, nodeArgs: readonly string[] = [], root = repoRoot): string[] {
  return [...nodeArgs, '--enable-source-maps', resolve(root, serviceBundle(name))]
}

/** How a service process is started: the command and its arguments, for a service of the checkout `root`. */
export type ServiceLauncher = (name: string, nodeArgs: readonly string[], root: string) => [string, string[]]

/** The bundle a container runs (`node --enable-source-maps services/<name>/dist/main.js`). */
export const bundleLauncher: ServiceLauncher = (name, nodeArgs, root) => [
  process.execPath,
  serviceArgs(name, nodeArgs, root),
]

/**
 * Builds the bundles that are missing or stale — unless a custom launcher starts the services (a bench
 * comparing a ref from before the build step; scripts/bench/load/legacy-launcher.ts).
 */
export async function ensureBuilt(
  root: string,
  names: readonly string[],
  launcher?: ServiceLauncher,
): Promise<void> {
  if (!launcher) await ensureServicesBuilt(root, names)
}

function startOne(
  name: ServiceName,
  env: Record<string, string | undefined>,
  output: 'inherit' | 'ignore',
  nodeArgs: readonly string[] = [],
  onLine?: StartServicesOptions['onLine'],
  root = repoRoot,
  launcher?: ServiceLauncher,
): Child {
  const [command, args] = (launcher ?? bundleLauncher)(name, nodeArgs, root)
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, KAFKA_CLIENT_ID: `rv-${name}` } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tail = keepOutput(child, output, onLine && ((line: string) => onLine(name, line)))
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
    // The whole tree: SIGKILL on the service alone would orphan a process it started (tesseract).
    const force = setTimeout(() => void killChild(child, 'SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      done()
    })
    child.kill('SIGTERM')
  })
}

/**
 * A crash, as `kill -9` makes one: the processes the service started (tesseract) go with it, as they would
 * with its container, then the service's node process itself.
 */
function killChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve()
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  for (const pid of childPids(child.pid)) {
    try {
      process.kill(pid, signal)
    } catch {
      // already gone
    }
  }
  child.kill(signal)
  return exited
}

/** Direct children of a pid, from /proc (Linux); empty elsewhere. */
function childPids(pid: number): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((entry) => {
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
          return ppid === pid ? [Number(entry)] : []
        } catch {
          return []
        }
      })
  } catch {
    return []
  }
}

/**
 * @example
 * const services = await startServices({ env: stackEnv })
 * await fetch(`${services.baseUrl}/v1/checks`, ...)
 * await services.stop()
 */
export async function startServices(options: StartServicesOptions): Promise<RunningServices> {
  const port = options.port ?? (await freePort())
  const operatorPort = options.operatorPort ?? (await freePort())
  const env = { ...options.env, PORT: String(port), OPERATOR_PORT: String(operatorPort), HOST: '127.0.0.1' }
  const output = options.output ?? 'inherit'
  const replicasOf = (name: ServiceName) =>
    name === 'gateway' ? 1 : Math.max(1, options.replicas?.[name] ?? 1)
  const started = serviceNames.filter((name) => options.only?.includes(name) ?? true)
  await ensureBuilt(options.root ?? repoRoot, started, options.launcher)
  const healthPorts = options.healthPorts
    ? await drawHealthPorts(started, replicasOf)
    : new Map<ServiceName, number[]>()
  const healthEnv = (name: ServiceName, replica: number): Record<string, string> => {
    const port = healthPorts.get(name)?.[replica]
    return port === undefined ? {} : { HEALTH_PORT: String(port) }
  }
  const startAll = (name: ServiceName) =>
    Array.from({ length: replicasOf(name) }, (_, replica) =>
      startOne(
        name,
        { ...env, ...healthEnv(name, replica), ...options.envOf?.[name] },
        output,
        options.nodeArgs,
        options.onLine,
        options.root,
        options.launcher,
      ),
    )
  const byName = new Map<ServiceName, Child[]>(started.map((name) => [name, startAll(name)]))
  const replicas = (name: ServiceName) => byName.get(name) ?? []
  const all = () => [...byName.values()].flat()
  // If this process dies without calling stop(), do not leave eight orphans behind.
  const killOnExit = () => {
    for (const child of all()) if (child.process.exitCode === null) child.process.kill('SIGTERM')
  }
  process.once('exit', killOnExit)
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    await Promise.all(all().map((child) => stopChild(child.process)))
  }
  const baseUrl = `http://127.0.0.1:${port}`
  const operatorUrl = `http://127.0.0.1:${operatorPort}`
  try {
    if (started.includes('gateway')) await waitReady(operatorUrl, all(), options.readyTimeoutMs ?? 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    baseUrl,
    operatorUrl,
    stop,
    stopService: async (name) => {
      await Promise.all(replicas(name).map((child) => stopChild(child.process)))
    },
    startService: (name) => {
      byName.set(name, startAll(name))
    },
    killService: async (name, signal) => {
      await Promise.all(replicas(name).map((child) => killChild(child.process, signal)))
    },
    pids: () => perService((name) => livePids(replicas(name))),
    describe: () => describeChildren(all()),
    metricsUrls: () =>
      perService((name) =>
        name === 'gateway'
          ? [operatorUrl]
          : (healthPorts.get(name) ?? []).map((port) => `http://127.0.0.1:${port}`),
      ),
  }
}

/** A free HEALTH_PORT for every replica of every consumer started (the gateway has its operator port). */
async function drawHealthPorts(
  started: readonly ServiceName[],
  replicasOf: (name: ServiceName) => number,
): Promise<Map<ServiceName, number[]>> {
  const healthPorts = new Map<ServiceName, number[]>()
  for (const name of started.filter((n) => n !== 'gateway'))
    healthPorts.set(name, await Promise.all(Array.from({ length: replicasOf(name) }, () => freePort())))
  return healthPorts
}

/** One value per service name, all eight (an unstarted service gets its empty value). */
function perService<T>(of: (name: ServiceName) => T): Record<ServiceName, T> {
  return Object.fromEntries(serviceNames.map((name) => [name, of(name)])) as Record<ServiceName, T>
}

/**
 * One line of states first (`gateway running, extraction exited (code 1, signal null), ...`: a log that keeps
 * a failure's first lines keeps it), then each replica's last lines.
 */
export function describeChildren(children: readonly Child[], lines = 4): string {
  const state = ({ process: p }: Child) =>
    p.exitCode === null && p.signalCode === null
      ? 'running'
      : `exited (code ${p.exitCode}, signal ${p.signalCode})`
  return [
    `services: ${children.map((c) => `${c.name} ${state(c)}`).join(', ')}`,
    ...children.flatMap((c) => c.tail.slice(-lines).map((l) => `  ${c.name}| ${l.slice(0, 240)}`)),
  ].join('\n')
}

/** The node pids of the replicas still running. */
function livePids(children: readonly Child[]): number[] {
  return children.flatMap((c) => (c.process.exitCode === null && c.process.pid ? [c.process.pid] : []))
}
