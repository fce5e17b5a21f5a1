import { BlockList, isIP } from 'node:net'

/**
 * Which proxies in front of the console may speak for the client (config `CONSOLE_TRUSTED_PROXY_HOPS`,
 * `CONSOLE_TRUSTED_PROXIES`). Neither set: nobody — the client is the socket's peer, and `X-Forwarded-For`
 * is never read (anyone can write its first entry).
 */
export interface ProxyTrust {
  /** How many proxies stand in front (the Ingress controller: 1); each appends the address it saw. */
  hops: number
  /** Addresses or CIDRs of the proxies (`10.0.0.0/8`, `fd00::/8`): hops through them are walked back. */
  cidrs: readonly string[]
}

/** `::ffff:10.1.2.3` (IPv4 on a dual-stack socket) as `10.1.2.3`, so one client is one key. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  return (mapped?.[1] ?? trimmed).toLowerCase()
}

/** A BlockList of the trusted proxies; throws on an entry that is neither an address nor a CIDR. */
export function trustedProxyList(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of cidrs) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    if (family === 0) throw new Error(`not an address or CIDR: ${entry}`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix)
    if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
      throw new Error(`not a CIDR prefix: ${entry}`)
    list.addSubnet(address, bits, type)
  }
  return list
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address: the socket's peer, walked back through `X-Forwarded-For` only as far as the
 * configured proxies reach — `hops` entries from the right (each proxy appends what it saw), then on while
 * the address in hand is a trusted proxy's. What a client writes itself (the left of the header) is never
 * taken beyond that.
 *
 * @example
 * resolveClientAddress('10.0.0.5', '203.0.113.7, 10.0.0.9', { hops: 1, cidrs: [] }) // '10.0.0.9'
 * resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7', { hops: 0, cidrs: ['10.0.0.0/8'] }) // '203.0.113.7'
 */
export function resolveClientAddress(
  socket: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
  list: BlockList = trustedProxyList(trust.cidrs),
): string {
  const peer = normalizeAddress(socket ?? '') || 'unknown'
  if (trust.hops === 0 && trust.cidrs.length === 0) return peer
  // Nearest first: the peer, then the header's entries from the right.
  const chain = [
    peer,
    ...(forwardedFor ?? '')
      .split(',')
      .map(normalizeAddress)
      .filter((a) => isIP(a) !== 0)
      .reverse(),
  ]
  let at = Math.min(trust.hops, chain.length - 1)
  while (at < chain.length - 1 && isTrusted(list, chain[at] as string)) at += 1
  return chain[at] as string
}
