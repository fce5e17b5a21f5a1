/**
 * A cap on password hashes running at once (scrypt costs 32 MiB each): `tryEnter` takes a slot or answers
 * undefined at once — a storm of sign-ins is refused (429 with Retry-After: the client's storm, not a fault), never queued without bound.
 *
 * @example
 * const gate = createHashGate(4)
 * const leave = gate.tryEnter()
 * if (!leave) return busy()
 * try { await authenticate() } finally { leave() }
 */
export function createHashGate(limit: number) {
  let running = 0
  return {
    tryEnter(): (() => void) | undefined {
      if (running >= limit) return undefined
      running += 1
      let left = false
      return () => {
        if (left) return
        left = true
        running -= 1
      }
    },
    get running() {
      return running
    },
  }
}

export type HashGate = ReturnType<typeof createHashGate>
