/**
 * Profiles are versioned immutably: editing a profile stores a new version and old checks keep pointing
 * at the version they were decided by. These pure rules decide when a write is a new version.
 */
import type { Profile } from '@rv/schemas'

/** Members that describe the profile's identity rather than its behaviour. */
type Identity = 'name' | 'version' | 'tenant_id'

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]))
  }
  return value
}

/** Whether two profiles decide alike (identity members and key order ignored). */
export function sameBehaviour(a: Omit<Profile, Identity>, b: Omit<Profile, Identity>): boolean {
  const strip = ({ name: _n, version: _v, tenant_id: _t, ...rest }: Profile) => rest
  return JSON.stringify(canonical(strip(a as Profile))) === JSON.stringify(canonical(strip(b as Profile)))
}

/**
 * The version a write of `next` gets, given the latest stored version (or none). Unchanged behaviour
 * keeps the latest version (the write is a no-op), so saving twice does not mint versions.
 * @example nextProfileVersion(null, p) // 1
 */
export function nextProfileVersion(latest: Profile | null, next: Omit<Profile, Identity>): number {
  if (latest === null) return 1
  return sameBehaviour(latest, next) ? latest.version : latest.version + 1
}

/** A complete profile from a partial edit on top of a base (defaults for anything not given). */
export function completeProfile(
  base: Profile,
  edit: Partial<Omit<Profile, Identity | 'match'>> & { match?: Partial<Profile['match']> },
): Omit<Profile, Identity> {
  const { name: _n, version: _v, tenant_id: _t, ...rest } = base
  return {
    ...rest,
    ...edit,
    document: { ...base.document, ...edit.document },
    checks: { ...base.checks, ...edit.checks },
    match: {
      ...base.match,
      ...edit.match,
      flags: { ...base.match.flags, ...edit.match?.flags },
    },
    expectation: { ...base.expectation, ...edit.expectation },
    replay: { ...base.replay, ...edit.replay },
    errors: { ...base.errors, ...edit.errors },
  }
}
