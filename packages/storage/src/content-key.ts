import { createHash } from 'node:crypto'

/** Hex SHA-256 of a file. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * The old content-addressed object key, shared by every tenant that uploads the same bytes: still read
 * (events carry the key they were stored under) but no longer written — see `tenantFileKey`.
 *
 * @example
 * contentKey('ab12…') // 'sha256/ab/ab12…'
 */
export function contentKey(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('contentKey expects a lowercase hex SHA-256')
  return `sha256/${sha256.slice(0, 2)}/${sha256}`
}

/** The prefix of every object a tenant owns: deleting a tenant removes it (docs/data-retention.md). */
export function tenantFilePrefix(tenantId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw new Error('tenantFilePrefix expects a tenant id')
  return `tenants/${tenantId}/`
}

/**
 * The object key of one check's file: scoped to the tenant and the check, so deleting a check or a tenant
 * removes exactly its own objects and no object is shared across tenants (the old `contentKey` was).
 *
 * @example
 * tenantFileKey('ten_a', 'chk_01', 'ab12…') // 'tenants/ten_a/chk_01/ab12…'
 */
export function tenantFileKey(tenantId: string, checkId: string, sha256: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(checkId)) throw new Error('tenantFileKey expects a check id')
  return `${tenantFilePrefix(tenantId)}${checkId}/${contentKey(sha256).slice('sha256/'.length + 3)}`
}
