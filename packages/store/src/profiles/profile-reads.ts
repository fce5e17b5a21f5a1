import { defaultProfile } from '@rv/core'
import type { Profile } from '@rv/schemas'
import { findWith, profileQueries } from '../store-queries'
import { builtinKey, type Profiles, tenantKey } from './profile-documents'

/**
 * The newest version of `name` the tenant can use: its own, else the built-in one (stored, or `default`
 * v1 from code). A tenant's first edit of a built-in name therefore continues its numbering, so
 * `default` v1 always means the built-in.
 */
export async function latestProfile(
  profiles: Profiles,
  tenantId: string | null,
  name: string,
): Promise<Profile | undefined> {
  for (const key of tenantId === null ? [builtinKey] : [tenantKey(tenantId), builtinKey]) {
    const doc = await findWith(profiles, profileQueries.versions(key, name, -1, 1)).next()
    if (doc) return doc.profile
  }
  return name === defaultProfile.name ? defaultProfile : undefined
}

export interface ProfileListEntry {
  name: string
  owner: 'tenant' | 'builtin'
  versions: number[]
}

/** Each profile name the tenant can use (its own and the built-ins) with its versions, oldest first. */
async function listProfiles(profiles: Profiles, tenantId: string): Promise<ProfileListEntry[]> {
  const owners = [tenantKey(tenantId), builtinKey]
  const docs = (
    await Promise.all(
      owners.map((owner) =>
        findWith(profiles, profileQueries.byOwner(owner))
          .project<{ tenant_key: string; name: string; version: number }>({
            tenant_key: 1,
            name: 1,
            version: 1,
          })
          .toArray(),
      ),
    )
  ).flat()
  const byName = new Map<string, ProfileListEntry>()
  const entry = (name: string, owner: 'tenant' | 'builtin') => {
    const key = `${owner}:${name}`
    const found = byName.get(key) ?? { name, owner, versions: [] }
    byName.set(key, found)
    return found
  }
  entry(defaultProfile.name, 'builtin').versions.push(defaultProfile.version)
  for (const d of docs)
    entry(d.name, d.tenant_key === builtinKey ? 'builtin' : 'tenant').versions.push(d.version)
  return [...byName.values()]
    .map((e) => ({ ...e, versions: [...new Set(e.versions)].sort((a, b) => a - b) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.owner.localeCompare(b.owner))
}

/** Reading profiles: the latest, an exact version, the list of names, every version of one. */
export function createProfileReads(profiles: Profiles) {
  return {
    latest: (tenantId: string | null, name: string) => latestProfile(profiles, tenantId, name),

    /**
     * The exact version a check was decided by: the tenant's own, else a built-in of that name.
     * @example await profiles.find('ten_1', 'default', 1)
     */
    async find(tenantId: string, name: string, version: number): Promise<Profile | undefined> {
      for (const key of [tenantKey(tenantId), builtinKey]) {
        const doc = await profiles.findOne({ _id: `${key}:${name}:${version}` })
        if (doc) return doc.profile
      }
      return name === defaultProfile.name && version === defaultProfile.version ? defaultProfile : undefined
    },

    list: (tenantId: string) => listProfiles(profiles, tenantId),

    /** Every stored version, oldest first. */
    async versions(tenantId: string | null, name: string): Promise<Profile[]> {
      const docs = await findWith(profiles, profileQueries.versions(tenantKey(tenantId), name, 1)).toArray()
      return docs.map((d) => d.profile)
    },
  }
}
