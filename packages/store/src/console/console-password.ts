import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt cost: N = 2^15, r = 8 (32 MiB per hash): memory-hard, ~50 ms on one core. */
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const keyLength = 32

/** The shortest console password (the admin CLI and the console's password change). */
export const minConsolePasswordLength = 12

function derive(password: string, salt: Buffer, p: typeof params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, p, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/**
 * A console password as stored: `scrypt$N$r$p$<salt b64>$<key b64>`; the parameters travel with the hash
 * so they can be raised without invalidating older ones.
 *
 * @example
 * const stored = await hashConsolePassword('correct horse')
 * await verifyConsolePassword('correct horse', stored) // true
 */
export async function hashConsolePassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyConsolePassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    ...params,
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
