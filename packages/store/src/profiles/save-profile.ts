import { completeProfile, defaultProfile, nextProfileVersion } from '@rv/core'
import type { Profile } from '@rv/schemas'
import { isDuplicateKeyError } from '../duplicate-key'
import { InvalidProfileError, type Profiles, tenantKey, validateProfile } from './profile-documents'
import { latestProfile } from './profile-reads'

type Behaviour = Parameters<typeof nextProfileVersion>[1]

/**
 * Saves `edit` (on top of the latest version, or of the built-in default for a new name) and returns
 * the resulting profile: a new version when the behaviour changed, the latest one when it did not.
 * Throws InvalidProfileError for a profile the schema refuses.
 */
export async function saveProfile(
  profiles: Profiles,
  tenantId: string | null,
  name: string,
  edit: Parameters<typeof completeProfile>[1],
  now = new Date(),
): Promise<Profile> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = (await latestProfile(profiles, tenantId, name)) ?? null
    const behaviour: Behaviour = completeProfile(current ?? defaultProfile, edit)
    const version = nextProfileVersion(current, behaviour)
    if (current !== null && version === current.version) return current
    const profile = { ...behaviour, name, version, tenant_id: tenantId } as Profile
    if (!validateProfile(profile)) {
      throw new InvalidProfileError(
        (validateProfile.errors ?? []).map((e) => ({
          path: e.instancePath,
          message: e.message ?? 'is invalid',
        })),
      )
    }
    const key = tenantKey(tenantId)
    try {
      await profiles.insertOne({
        _id: `${key}:${name}:${version}`,
        tenant_key: key,
        name,
        version,
        profile,
        created_at: now,
      })
      return profile
    } catch (error) {
      // Another writer minted this version first: re-read and decide again.
      if (!isDuplicateKeyError(error)) throw error
    }
  }
  throw new Error(`could not save profile ${name}: too many concurrent writers`)
}
