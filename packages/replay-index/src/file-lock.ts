/**
 * A lock file created with O_EXCL: the one cross-process mutual exclusion every filesystem offers. The
 * holder writes its pid and the time; a lock older than `staleMs` whose pid is gone is broken, so a
 * crashed run never wedges the index.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'

export interface LockOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number
  /** A lock this old whose holder is not alive is removed (default 30 s). */
  staleMs?: number
}

function holderAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function breakIfStale(path: string, staleMs: number): void {
  try {
    const [pid, since] = readFileSync(path, 'utf8').split(' ').map(Number)
    if (since !== undefined && Date.now() - since > staleMs && !holderAlive(pid ?? 0))
      rmSync(path, { force: true })
  } catch {
    // Vanished or half-written: the next attempt decides.
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Runs `work` while holding the lock at `path`. */
export async function withFileLock<T>(
  path: string,
  work: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  let delay = 2
  for (;;) {
    let fd: number | undefined
    try {
      fd = openSync(path, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, `${process.pid} ${Date.now()}`)
        closeSync(fd)
        return await work()
      } finally {
        rmSync(path, { force: true })
      }
    }
    if (Date.now() > deadline)
      throw new Error(`replay index is locked (${path}); remove it if no run is active`)
    breakIfStale(path, options.staleMs ?? 30_000)
    await sleep(delay + Math.random() * delay)
    delay = Math.min(delay * 2, 100)
  }
}
