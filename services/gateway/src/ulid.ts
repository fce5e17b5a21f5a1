import { randomBytes } from 'node:crypto'

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A ULID: 48-bit millisecond time then 80 random bits, Crockford base32, so ids sort by creation time.
 *
 * @example
 * ulid(Date.now()) // '01JDV3T6Q8ZK4C2M7N9P0R5S8W'
 */
export function ulid(timeMs: number): string {
  let time = ''
  let t = timeMs
  for (let i = 0; i < 10; i++) {
    time = crockford[t % 32] + time
    t = Math.floor(t / 32)
  }
  let random = ''
  for (const byte of randomBytes(16)) random += crockford[byte % 32]
  return time + random
}

export function newCheckId(now = Date.now()): string {
  return `chk_${ulid(now)}`
}

export function newRequestId(now = Date.now()): string {
  return `req_${ulid(now)}`
}
