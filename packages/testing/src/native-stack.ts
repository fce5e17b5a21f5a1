import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { stackFromEnv } from './env-stack'
import { parseExportLines } from './parse-export-lines'
import type { StackConfig } from './stack-config'

const STACK_SCRIPT = join('deploy', 'native', 'stack.sh')

/** The repository root: the nearest ancestor of this package holding the native stack script. */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, STACK_SCRIPT))) return dir
    if (dirname(dir) === dir) throw new Error(`no ${STACK_SCRIPT} above ${from}`)
  }
}

function runStart(script: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Progress and timings go to our stderr: a cold install takes minutes and should be seen.
    const child = spawn('bash', [script, 'start'], { cwd, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve()
      else
        reject(new Error(`${STACK_SCRIPT} start failed (${signal ?? `exit ${code}`}); logs in .stack/logs`))
    })
  })
}

/**
 * Starts (or reuses) the native stack and returns its addresses as `stack.sh env` prints them.
 * The servers keep running afterwards, so the next run starts warm; `stack.sh stop` ends them.
 */
export async function startNativeStack(repoRoot: string = findRepoRoot()): Promise<StackConfig> {
  const script = join(repoRoot, STACK_SCRIPT)
  await runStart(script, repoRoot)
  const { stdout } = await promisify(execFile)('bash', [script, 'env'], { cwd: repoRoot })
  const stack = stackFromEnv(parseExportLines(stdout))
  if (!stack) throw new Error(`${STACK_SCRIPT} env printed no stack variables`)
  return stack
}
