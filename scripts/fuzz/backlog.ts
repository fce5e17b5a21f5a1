/**
 * Keeps the campaign a test of hostile inputs rather than of overload: a client waits before sending a file
 * while more than `max` accepted checks have not completed. Without it, 10 000 inputs at full speed on a
 * shared 2-core machine queue hours of work behind a 300 s deadline, and "not terminal" then measures the
 * machine, not the inputs (2026-11-26, seed 3: 793 of 6 151 accepted checks still queued after 600 s).
 */
export interface Backlog {
  add(id: string): void
  /** Resolves once at most `max` accepted checks are outstanding (or the deadline passed). */
  room(deadline: number): Promise<void>
  readonly outstanding: number
}

export function createBacklog(max: number, completed: (id: string) => boolean): Backlog {
  const open = new Set<string>()
  const prune = () => {
    for (const id of open) if (completed(id)) open.delete(id)
  }
  return {
    add: (id) => {
      open.add(id)
    },
    async room(deadline) {
      prune()
      while (open.size > max && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        prune()
      }
    },
    get outstanding() {
      prune()
      return open.size
    },
  }
}
