import { defaultProfile } from '@rv/core/decision/index'
import type { Logger } from '@rv/logger'
import type { Profile } from '@rv/schemas'
import type { ProfileRepository } from '@rv/store'

/**
 * The decision profile a check pinned at submission (tenant's own version, else the built-in one). A
 * reference that no longer resolves falls back to the built-in default, loudly: deciding with a known
 * profile beats leaving the check unfinished.
 */
export function createProfileResolver(profiles: Pick<ProfileRepository, 'find'>, logger: Logger) {
  return async (tenantId: string, ref: { name: string; version: number }): Promise<Profile> => {
    const profile = await profiles.find(tenantId, ref.name, ref.version)
    if (profile) return profile
    logger.warn('pinned profile not found, using the built-in default', { tenant_id: tenantId, profile: ref })
    return defaultProfile
  }
}
