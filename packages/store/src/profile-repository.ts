import { completeProfile, defaultProfile, nextProfileVersion } from '@rv/core'
import { type Profile, profileSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import { findWith, profileQueries, storeIndexes } from './store-queries'

export interface ProfileDocument {
  /** `<tenant or _builtin>:<name>:<version>`: unique, so two writers can never mint the same version. */
  _id: string
  tenant_key: string
  name: string
  version: number
  profile: Profile
  created_at: Date
}

type Behaviour = Parameters<typeof nextProfileVersion>[1]

const builtinKey = '_builtin'
const tenantKey = (tenantId: string | null) => tenantId ?? builtinKey
const validateProfile = new Ajv2020({ allErrors: true, strict: false }).compile<Profile>(profileSchema)

export class InvalidProfileError extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(`invalid profile: ${problems.map((p) => `${p.path || '/'} ${p.message}`).join('; ')}`)
    this.name = 'InvalidProfileError'
  }
}

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
 */
export function createProfileRepository(db: Db) {
  const profiles: Collection<ProfileDocument> = db.collection<ProfileDocument>('profiles')

  /**
   * The newest version of `name` the tenant can use: its own, else the built-in one (stored, or `default`
   * v1 from code). A tenant's first edit of a built-in name therefore continues its numbering, so
   * `default` v1 always means the built-in.
   */
  async function latest(tenantId: string | null, name: string): Promise<Profile | undefined> {
    for (const key of tenantId === null ? [builtinKey] : [tenantKey(tenantId), builtinKey]) {
      const doc = await findWith(profiles, profileQueries.versions(key, name, -1, 1)).next()
      if (doc) return doc.profile
    }
    return name === defaultProfile.name ? defaultProfile : undefined
  }

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.profiles) await profiles.createIndex(index)
    },

    latest,

    /** Deletes every version of the tenant's own profiles (erasure of a tenant; built-ins are not its). */
    async eraseTenant(tenantId: string): Promise<void> {
      await profiles.deleteMany(profileQueries.byOwner(tenantKey(tenantId)).filter)
    },

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

    /** Each profile name the tenant can use (its own and the built-ins) with its versions, oldest first. */
    async list(
      tenantId: string,
    ): Promise<{ name: string; owner: 'tenant' | 'builtin'; versions: number[] }[]> {
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
      const byName = new Map<string, { name: string; owner: 'tenant' | 'builtin'; versions: number[] }>()
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
    },

    /** Every stored version, oldest first. */
    async versions(tenantId: string | null, name: string): Promise<Profile[]> {
      const docs = await findWith(profiles, profileQueries.versions(tenantKey(tenantId), name, 1)).toArray()
      return docs.map((d) => d.profile)
    },

    /**
     * Saves `edit` (on top of the latest version, or of the built-in default for a new name) and returns
     * the resulting profile: a new version when the behaviour changed, the latest one when it did not.
     * Throws InvalidProfileError for a profile the schema refuses.
     */
    async save(
      tenantId: string | null,
      name: string,
      edit: Parameters<typeof completeProfile>[1],
      now = new Date(),
    ): Promise<Profile> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = (await latest(tenantId, name)) ?? null
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
    },
  }
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>
