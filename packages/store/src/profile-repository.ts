import type { completeProfile } from '@rv/core'
import type { Profile } from '@rv/schemas'
import type { Db } from 'mongodb'
import { InvalidProfileError, openProfiles, tenantKey, validateProfile } from './profiles/profile-documents'
import { createProfileReads } from './profiles/profile-reads'
import { saveProfile } from './profiles/save-profile'
import { profileQueries, storeIndexes } from './store-queries'

export { InvalidProfileError, type ProfileDocument } from './profiles/profile-documents'

/**
 * Checks a complete profile against `schemas/json/profile.schema.json`; throws InvalidProfileError listing
 * every problem with its JSON pointer.
 * @example assertValidProfile(JSON.parse(readFileSync('profile.json', 'utf8')))
 */
export function assertValidProfile(value: unknown): asserts value is Profile {
  if (validateProfile(value)) return
  throw new InvalidProfileError(
    (validateProfile.errors ?? []).map((e) => ({ path: e.instancePath, message: e.message ?? 'is invalid' })),
  )
}

/**
 * Verification profiles, versioned immutably per tenant: a save with changed behaviour writes version
 * latest + 1 and never touches older versions, so every check's `profile`/`profile_version` stays
 * explainable. The built-in `default` v1 is served from code when no document overrides it.
 *
 * Reads: `profiles/profile-reads.ts`; the save: `profiles/save-profile.ts`.
 */
export function createProfileRepository(db: Db) {
  const profiles = openProfiles(db)
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.profiles) await profiles.createIndex(index)
    },

    /** Deletes every version of the tenant's own profiles (erasure of a tenant; built-ins are not its). */
    async eraseTenant(tenantId: string): Promise<void> {
      await profiles.deleteMany(profileQueries.byOwner(tenantKey(tenantId)).filter)
    },

    ...createProfileReads(profiles),

    /**
     * Saves `edit` (on top of the latest version, or of the built-in default for a new name) and returns
     * the resulting profile: a new version when the behaviour changed, the latest one when it did not.
     * Throws InvalidProfileError for a profile the schema refuses.
     */
    save: (tenantId: string | null, name: string, edit: Parameters<typeof completeProfile>[1], now?: Date) =>
      saveProfile(profiles, tenantId, name, edit, now),
  }
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>
