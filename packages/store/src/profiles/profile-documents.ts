import { type Profile, profileSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Collection, Db } from 'mongodb'

export interface ProfileDocument {
  /** `<tenant or _builtin>:<name>:<version>`: unique, so two writers can never mint the same version. */
  _id: string
  tenant_key: string
  name: string
  version: number
  profile: Profile
  created_at: Date
}

export type Profiles = Collection<ProfileDocument>

export function openProfiles(db: Db): Profiles {
  return db.collection<ProfileDocument>('profiles')
}

export const builtinKey = '_builtin'
export const tenantKey = (tenantId: string | null) => tenantId ?? builtinKey
export const validateProfile = new Ajv2020({ allErrors: true, strict: false }).compile<Profile>(profileSchema)

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
