import { describe, expect, it } from 'vitest'
import { fingerprints } from '../fingerprint/fingerprints'
import { type GuardCandidate, guardNewVersions, knownVersions } from './learning-guard'

const OLD = 'Oracle BI Publisher 12.2.1.4.0'
const NEW = 'Oracle BI Publisher 12.2.1.5.0'
const confirmed = (id: string, version: string, payer: string | null, tenant = 'ten_a'): GuardCandidate => ({
  id,
  origin: 'accepted',
  version,
  payer,
  tenant,
})
const policy = { minPayers: 3, minSamples: 4, minTenants: 2 }

describe('guardNewVersions', () => {
  it('knows the versions of a learned fingerprint', () => {
    expect(knownVersions(fingerprints['alfa'])).toEqual(new Set([OLD]))
  })

  it('learns confirmed receipts of a known version, and refuses a new version seen from too few payers', () => {
    const out = guardNewVersions(
      new Set([OLD]),
      [
        confirmed('k1', OLD, 'p1'),
        confirmed('n1', NEW, 'p1'),
        confirmed('n2', NEW, 'p1', 'ten_b'),
        confirmed('n3', NEW, 'p2'),
        confirmed('n4', NEW, null),
      ],
      new Set(),
      policy,
    )
    expect(out.learn).toEqual(['k1'])
    expect(out.judgedOnly).toEqual(['n1', 'n2', 'n3', 'n4'])
    expect(out.versions).toEqual([
      { version: OLD, samples: 1, payers: 1, tenants: 1, decision: 'known', reason: expect.any(String) },
      {
        version: NEW,
        samples: 4,
        payers: 2,
        tenants: 2,
        decision: 'refused',
        reason: expect.stringContaining('found 2 payer(s) and 2 tenant(s) among 4'),
      },
    ])
  })

  it('learns a new version from enough receipts of enough distinct payers confirmed by enough tenants', () => {
    const tenants = ['ten_a', 'ten_b', 'ten_a', 'ten_b']
    const cs = ['p1', 'p2', 'p3', 'p3'].map((p, i) => confirmed(`n${i}`, NEW, p, tenants[i]))
    expect(guardNewVersions(new Set([OLD]), cs, new Set(), policy)).toMatchObject({
      learn: ['n0', 'n1', 'n2', 'n3'],
      judgedOnly: [],
      versions: [{ decision: 'payers', payers: 3, tenants: 2, samples: 4 }],
    })
    // Three payers among three receipts: below minSamples.
    expect(guardNewVersions(new Set([OLD]), cs.slice(0, 3), new Set(), policy).versions[0]?.decision).toBe(
      'refused',
    )
  })

  it('refuses a new version however many payers confirm it when one tenant alone does', () => {
    const cs = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((p, i) => confirmed(`n${i}`, NEW, p, 'ten_a'))
    const out = guardNewVersions(new Set([OLD]), cs, new Set(), policy)
    expect(out.learn).toEqual([])
    expect(out.versions[0]).toMatchObject({ decision: 'refused', payers: 6, tenants: 1 })
    // The default asks for two tenants too.
    expect(guardNewVersions(new Set([OLD]), cs, new Set()).versions[0]?.decision).toBe('refused')
  })

  it('learns a new version the operator approved, and one the operator’s folder already holds', () => {
    const one = [confirmed('n1', NEW, 'p1')]
    expect(guardNewVersions(new Set([OLD]), one, new Set([NEW]), policy).versions[0]?.decision).toBe(
      'operator',
    )
    expect(guardNewVersions(new Set([OLD]), one, new Set(), policy).learn).toEqual([])
    const withFolder = guardNewVersions(
      new Set([OLD]),
      [...one, { id: 'f1', origin: 'folder', version: NEW, payer: null, tenant: null }],
      new Set(),
      policy,
    )
    expect(withFolder.learn).toEqual(['n1', 'f1'])
    expect(withFolder.versions[0]?.decision).toBe('known')
  })
})
