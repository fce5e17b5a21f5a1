import { createHash } from 'node:crypto'

/** Hex SHA-256 of a file. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * Content-addressed object key: identical uploads share one object, and the two-character fan-out keeps
 * listings short.
 *
 * @example
 * contentKey('ab12…') // 'sha256/ab/ab12…'
 */
export function contentKey(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('contentKey expects a lowercase hex SHA-256')
  return `sha256/${sha256.slice(0, 2)}/${sha256}`
}
