import { defaultProfile } from '@rv/core/decision/index'
import type { Logger } from '@rv/logger'
import type { Profile } from '@rv/schemas'
import type { ProfileRepository } from '@rv/store'

/**
 * The decision profile a check pinned at submission (tenant's own version, else the built-in one). A
 * reference that no longer resolves falls back to the built-in default, loudly: deciding with a known
 * profile beats leaving the check unfinished. Profile versions are immutable, so each is read once.
 */
export function createProfileResolver(profiles: Pick<ProfileRepository, 'find'>, logger: Logger) {
  const cache = new Map<string, Profile>()
  return async (tenantId: string, ref: { name: string; version: number }): Promise<Profile> => {
    const key = `${tenantId}\u0000${ref.name}\u0000${ref.version}`
    const cached = cache.get(key)
    if (cached) return cached
    const profile = await profiles.find(tenantId, ref.name, ref.version)
    if (!profile) {
      logger.warn('pinned profile not found, using the built-in default', {
        tenant_id: tenantId,
        profile: ref,
      })
      return defaultProfile
    }
    cache.set(key, profile)
    return profile
  }
}
