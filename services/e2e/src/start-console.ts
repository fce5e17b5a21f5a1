/**
 * Starts the review console (services/console, from its bundle dist/main.js, built first when stale) as a
 * child process with the given environment and waits until it answers /healthz. Used by scripts/run/services.ts
 * and the console's browser tests (services/console/test).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { keepOutput } from './child-output'
import { bundleLauncher, ensureBuilt, repoRoot, type ServiceLauncher } from './start-services'

export interface RunningConsole {
  url: string
  process: ChildProcess
  stop: () => Promise<void>
}

export async function startConsole(options: {
  env: Record<string, string | undefined>
  port: number
  output?: 'inherit' | 'ignore'
  timeoutMs?: number
  /** The checkout whose console runs; default this one. */
  root?: string
  /** How the console process starts (default: its bundle, built first when stale). */
  launcher?: ServiceLauncher
}): Promise<RunningConsole> {
  const root = options.root ?? repoRoot
  const url = `http://127.0.0.1:${options.port}`
  await ensureBuilt(root, ['console'], options.launcher)
  const [command, args] = (options.launcher ?? bundleLauncher)('console', [], root)
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...options.env,
      CONSOLE_PORT: String(options.port),
      CONSOLE_PUBLIC_URL: options.env.CONSOLE_PUBLIC_URL ?? url,
      KAFKA_CLIENT_ID: 'rv-console',
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tail = keepOutput(child, options.output ?? 'inherit')
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `console exited with code ${child.exitCode} during start-up; its last output:\n${tail.join('\n')}`,
      )
    // A connection that is accepted but never answered does not hold the loop past its deadline.
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { url, process: child, stop }
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(`console did not answer /healthz in time; its last output:\n${tail.join('\n')}`)
}
