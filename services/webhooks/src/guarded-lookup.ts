/**
 * Where a webhook may connect (SSRF guard, docs/webhooks.md): the host is resolved once, every address it
 * resolves to is judged by core's address policy, and the request connects only to those checked
 * addresses (a `lookup` that answers them), so a name cannot resolve to a public address for the check and
 * to a private one for the connection.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { judgeAddress, parseAllowList } from '@rv/core/webhooks'

export type ResolveAll = (host: string) => Promise<LookupAddress[]>

export type GuardVerdict =
  | { ok: true; addresses: LookupAddress[] }
  | { ok: false; error: 'address_refused' | 'dns_failed'; detail: string }

const systemResolve: ResolveAll = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  )

/**
 * @example
 * const guard = createAddressGuard({ allowList: ['127.0.0.1/32'] })
 * await guard.check('localhost') // { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] }
 */
export function createAddressGuard(options: { allowList: readonly string[]; resolve?: ResolveAll }) {
  const allowList = parseAllowList(options.allowList.join(','))
  const resolveAll = options.resolve ?? systemResolve
  return {
    async check(hostname: string): Promise<GuardVerdict> {
      const host = hostname.replace(/^\[(.*)\]$/, '$1')
      let addresses: LookupAddress[]
      if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
      else {
        try {
          addresses = await resolveAll(host)
        } catch (error) {
          return { ok: false, error: 'dns_failed', detail: (error as Error).message }
        }
      }
      if (addresses.length === 0) return { ok: false, error: 'dns_failed', detail: `${host} has no address` }
      for (const { address } of addresses) {
        const verdict = judgeAddress(address, allowList)
        if (!verdict.allowed)
          return { ok: false, error: 'address_refused', detail: `${host} -> ${address} (${verdict.reason})` }
      }
      return { ok: true, addresses }
    },
  }
}

/** A `lookup` for http.request that answers only the addresses already checked. */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return ((
    _hostname: string,
    options: { all?: boolean; family?: number },
    callback: (...args: unknown[]) => void,
  ) => {
    const usable = addresses.filter((a) => !options?.family || a.family === options.family)
    const first = usable[0] ?? addresses[0]
    if (options?.all) callback(null, usable.length > 0 ? usable : addresses)
    else callback(null, first?.address, first?.family)
  }) as LookupFunction
}
