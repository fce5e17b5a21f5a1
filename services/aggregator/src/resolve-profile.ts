import { defaultProfile } from '@rv/core/decision'
import type { Logger } from '@rv/logger'
import type { Profile } from '@rv/schemas'
import { createPinnedProfiles, type ProfileRef } from '@rv/service-runtime'
import type { ProfileRepository } from '@rv/store'

/**
 * The decision profile a check pinned at submission (tenant's own version, else the built-in one), read
 * once per process (`createPinnedProfiles`). A reference that no longer resolves falls back to the
 * built-in default, loudly: deciding with a known profile beats leaving the check unfinished.
 */
export function createProfileResolver(profiles: Pick<ProfileRepository, 'find'>, logger: Logger) {
  const pinned = createPinnedProfiles((tenantId, name, version) => profiles.find(tenantId, name, version))
  return async (tenantId: string, ref: ProfileRef): Promise<Profile> => {
    const profile = await pinned(tenantId, ref)
    if (profile) return profile
    logger.warn('pinned profile not found, using the built-in default', { tenant_id: tenantId, profile: ref })
    return defaultProfile
  }
}
