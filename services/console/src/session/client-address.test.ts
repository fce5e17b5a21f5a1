import { describe, expect, it } from 'vitest'
import { normalizeAddress, resolveClientAddress, trustedProxyList } from './client-address'

const none = { hops: 0, cidrs: [] }

describe('resolveClientAddress', () => {
  it('without configuration is the socket peer, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('198.51.100.4', '203.0.113.7', none)).toBe('198.51.100.4')
    expect(resolveClientAddress(undefined, '203.0.113.7', none)).toBe('unknown')
  })

  it('with one trusted hop takes the entry the proxy appended, never the one the client wrote', () => {
    const trust = { hops: 1, cidrs: [] }
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7', trust)).toBe('203.0.113.7')
    // A header shorter than the hops (a request that bypassed the proxy): the leftmost there is.
    expect(resolveClientAddress('10.0.0.5', undefined, trust)).toBe('10.0.0.5')
  })

  it('with trusted CIDRs walks back only through the proxies', () => {
    const trust = { hops: 0, cidrs: ['10.0.0.0/8', 'fd00::/8'] }
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.2.0.1', trust)).toBe('203.0.113.7')
    expect(resolveClientAddress('fd00::1', '203.0.113.9', trust)).toBe('203.0.113.9')
    // The peer is not a proxy: its header is the client's own writing.
    expect(resolveClientAddress('198.51.100.4', '6.6.6.6', trust)).toBe('198.51.100.4')
    // Garbage in the header is skipped, not taken as a client.
    expect(resolveClientAddress('10.0.0.5', 'evil, 203.0.113.7', trust)).toBe('203.0.113.7')
  })

  it('one client is one key on a dual-stack socket', () => {
    expect(normalizeAddress('::FFFF:198.51.100.4')).toBe('198.51.100.4')
  })

  it('refuses a proxy entry that is not an address or CIDR', () => {
    expect(() => trustedProxyList(['10.0.0.0/33'])).toThrow(/prefix/)
    expect(() => trustedProxyList(['proxy.local'])).toThrow(/not an address/)
  })
})
