/**
 * The profile a check pinned at submission, read once per process: profile versions are immutable (a
 * change is a new version, never an edit), so `(tenant, name, version)` always resolves to the same
 * profile and a stage needs no store round trip per message for it. Only found profiles are kept: a miss
 * is asked again next time (a reference that resolves to nothing is a fault to see, not to remember).
 */
import type { Profile } from '@rv/schemas'

export interface ProfileRef {
  name: string
  version: number
}

export type FindProfile = (tenantId: string, name: string, version: number) => Promise<Profile | undefined>

/**
 * @example
 * const pinned = createPinnedProfiles(store.profiles.find)
 * const profile = await pinned(event.tenant_id, event.submission.profile)
 */
export function createPinnedProfiles(
  find: FindProfile,
): (tenantId: string, ref: ProfileRef) => Promise<Profile | undefined> {
  const found = new Map<string, Profile>()
  return async (tenantId, ref) => {
    const key = `${tenantId}\u0000${ref.name}\u0000${ref.version}`
    const cached = found.get(key)
    if (cached) return cached
    const profile = await find(tenantId, ref.name, ref.version)
    if (profile) found.set(key, profile)
    return profile
  }
}
