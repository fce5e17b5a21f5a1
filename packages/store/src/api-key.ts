import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Random base62 text from the OS CSPRNG (rejection sampling keeps it unbiased). */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62]
    }
  }
  return out
}

export const apiKeyPrefixLength = 'rvk_live_'.length + 8

/**
 * A new API key `rvk_live_<40 base62>`. Only its SHA-256 is stored; the first 17 characters are the
 * lookup prefix (also what an operator quotes to revoke it).
 *
 * @example
 * const { key, prefix, hash } = generateApiKey()
 */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `rvk_live_${randomBase62(40)}`
  return { key, prefix: apiKeyPrefix(key), hash: hashApiKey(key) }
}

const apiKeyShape = /^rvk_live_[0-9A-Za-z]{40}$/

/** Whether `token` has the shape `generateApiKey` gives (anything else is refused before a lookup). */
export function isApiKeyShaped(token: string): boolean {
  return apiKeyShape.test(token)
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, apiKeyPrefixLength)
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}
