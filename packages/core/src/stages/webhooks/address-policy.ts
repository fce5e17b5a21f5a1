/**
 * Which network addresses a webhook may be sent to (SSRF guard, docs/webhooks.md). Every address a host
 * name resolves to is judged: loopback, private, link-local, shared (CGNAT), multicast, documentation and
 * other special-purpose ranges are refused unless the operator's allow-list (CIDRs) holds the address.
 * IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address.
 */

export type AddressVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'not_an_ip' | 'special_purpose'; range?: string }

interface Cidr {
  text: string
  bytes: number[]
  bits: number
}

const refusedV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(mustParseCidr)

const refusedV6 = [
  '::/128',
  '::1/128',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
].map(mustParseCidr)

/** IPv4 dotted quad to 4 bytes; undefined when it is not one. */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  const bytes = parts.map((p) => (/^(0|[1-9][0-9]{0,2})$/.test(p) ? Number(p) : Number.NaN))
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined
}

/** IPv6 text (with `::` and an IPv4 tail, without a zone) to 16 bytes; undefined when it is not one. */
export function parseIpv6(text: string): number[] | undefined {
  if (text.includes('%') || !text.includes(':')) return undefined
  let groups: string[]
  const tailV4 = text.includes('.') ? text.slice(text.lastIndexOf(':') + 1) : undefined
  const v4 = tailV4 === undefined ? undefined : parseIpv4(tailV4)
  if (tailV4 !== undefined && !v4) return undefined
  const head = tailV4 === undefined ? text : text.slice(0, text.length - tailV4.length)
  const want = v4 ? 6 : 8
  const halves = head.split('::')
  if (halves.length > 2) return undefined
  const split = (s: string) => (s === '' ? [] : s.split(':'))
  if (halves.length === 2) {
    const left = split(halves[0] ?? '')
    const right = split(v4 ? (halves[1] ?? '').replace(/:$/, '') : (halves[1] ?? ''))
    if (right.at(-1) === '') return undefined
    const missing = want - left.length - right.length
    if (missing < 1) return undefined
    groups = [...left, ...Array<string>(missing).fill('0'), ...right]
  } else {
    groups = split(v4 ? head.replace(/:$/, '') : head)
    if (groups.length !== want) return undefined
  }
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return undefined
  const bytes = groups.flatMap((g) => {
    const n = Number.parseInt(g, 16)
    return [n >> 8, n & 0xff]
  })
  return v4 ? [...bytes, ...v4] : bytes
}

/** `a.b.c.d/n`, `x::/n`, or a bare address (a /32 or /128). */
export function parseCidr(text: string): Cidr | undefined {
  const [address = '', prefix, extra] = text.trim().split('/')
  if (extra !== undefined) return undefined
  const bytes = parseIpv4(address) ?? parseIpv6(address)
  if (!bytes) return undefined
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined
  const bits = prefix === undefined ? bytes.length * 8 : Number(prefix)
  if (bits > bytes.length * 8) return undefined
  return { text: text.trim(), bytes, bits }
}

function mustParseCidr(text: string): Cidr {
  const cidr = parseCidr(text)
  if (!cidr) throw new Error(`bad CIDR ${text}`)
  return cidr
}

function inCidr(bytes: readonly number[], cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false
  for (let bit = 0; bit < cidr.bits; bit += 8) {
    const take = Math.min(8, cidr.bits - bit)
    const mask = (0xff << (8 - take)) & 0xff
    const i = bit / 8
    if (((bytes[i] ?? 0) & mask) !== ((cidr.bytes[i] ?? 0) & mask)) return false
  }
  return true
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
function embeddedV4(bytes: readonly number[]): number[] | undefined {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0)
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16)
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12))
    return bytes.slice(12, 16)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6)
  return undefined
}

/**
 * Parses the operator's allow-list (comma-separated CIDRs or addresses); throws naming a bad entry.
 *
 * @example
 * parseAllowList('127.0.0.1/32, ::1')
 */
export function parseAllowList(text: string): Cidr[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const cidr = parseCidr(s)
      if (!cidr) throw new Error(`not a CIDR or IP address: ${s}`)
      return cidr
    })
}

/**
 * @example
 * judgeAddress('10.0.0.5', []) // { allowed: false, reason: 'special_purpose', range: '10.0.0.0/8' }
 * judgeAddress('127.0.0.1', parseAllowList('127.0.0.1/32')) // { allowed: true }
 */
export function judgeAddress(address: string, allowList: readonly Cidr[]): AddressVerdict {
  const bytes = parseIpv4(address) ?? parseIpv6(address)
  if (!bytes) return { allowed: false, reason: 'not_an_ip' }
  if (allowList.some((cidr) => inCidr(bytes, cidr))) return { allowed: true }
  const v4 = bytes.length === 16 ? embeddedV4(bytes) : bytes
  if (v4 && v4 !== bytes && allowList.some((cidr) => inCidr(v4, cidr))) return { allowed: true }
  const refused =
    (v4 ? refusedV4.find((c) => inCidr(v4, c)) : undefined) ??
    (bytes.length === 16 ? refusedV6.find((c) => inCidr(bytes, c)) : undefined)
  return refused ? { allowed: false, reason: 'special_purpose', range: refused.text } : { allowed: true }
}
