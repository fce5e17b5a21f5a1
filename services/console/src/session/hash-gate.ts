/**
 * A cap on password hashes running at once (scrypt costs 32 MiB each): `tryEnter` takes a slot or answers
 * undefined at once — a storm of sign-ins is refused (429 with Retry-After: the client's storm, not a fault), never queued without bound.
 * One slot more is kept for a `known` sign-in (an analyst at an address they signed in from before): a storm
 * from thousands of new addresses fills the `limit` slots every second and would otherwise starve the analyst
 * (`npm run fuzz`, sign-in target: refused 20 times running, 1 of 40 sign-ins). At most `limit + 1` hashes.
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
    tryEnter(known = false): (() => void) | undefined {
      if (running >= limit + (known ? 1 : 0)) return undefined
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
