/**
 * Runs `decide-then-die.ts` for a check and SIGKILLs it once it announces the step it stops at (`publishing`,
 * or `settling` when given the phase `settle`): what a crash at that moment leaves behind.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { repoRoot } from '../../e2e/src/start-services'

export async function killWhileDeciding(
  checkId: string,
  tenantId: string,
  env: NodeJS.ProcessEnv,
  phase?: 'settle',
): Promise<void> {
  const announcement = phase === 'settle' ? 'settling' : 'publishing'
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/tsx'),
    [resolve(import.meta.dirname, 'decide-then-die.ts'), checkId, tenantId, ...(phase ? [phase] : [])],
    { cwd: repoRoot, env: { ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise((done) => child.once('exit', done))
  await new Promise<void>((announced, failed) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(announcement)) announced()
    })
    child.once('exit', (code) => failed(new Error(`decide-then-die exited (${code}) before ${announcement}`)))
  })
  child.kill('SIGKILL')
  await exited
}
