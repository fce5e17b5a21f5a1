/**
 * Who holds data of a check or a tenant. Erasure asks every registered participant, so a collection added
 * later (the console's decisions, a new cache) joins by registering, not by editing the erasure.
 */

/** The check being erased: its tenant and, when known, the object key of its file. */
export interface ErasedCheck {
  tenantId: string
  checkId: string
  fileKey?: string
}

export interface ErasureParticipant {
  /** Shown in reports and logs: `check_stages`, `replay_keys`, `files`, … */
  name: string
  /** Deletes what it holds of one check; idempotent (a second call finds nothing). */
  eraseCheck(check: ErasedCheck): Promise<void>
  /** Deletes what it holds of a tenant once all its checks were erased; idempotent. */
  eraseTenant?(tenantId: string): Promise<void>
}

export interface ErasureRegistry {
  register(participant: ErasureParticipant): void
  readonly participants: readonly ErasureParticipant[]
}

/**
 * @example
 * const registry = createErasureRegistry()
 * registry.register({ name: 'decisions', eraseCheck: ({ checkId }) => decisions.erase(checkId) })
 */
export function createErasureRegistry(initial: ErasureParticipant[] = []): ErasureRegistry {
  const participants: ErasureParticipant[] = []
  const registry: ErasureRegistry = {
    register(participant) {
      if (participants.some((p) => p.name === participant.name))
        throw new Error(`erasure participant ${participant.name} registered twice`)
      participants.push(participant)
    },
    get participants() {
      return participants
    },
  }
  for (const p of initial) registry.register(p)
  return registry
}
