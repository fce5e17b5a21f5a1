import { describe, expect, it } from 'vitest'
import { fingerprints } from './fingerprints'
import { type GuardCandidate, guardNewVersions, knownVersions } from './learning-guard'

const OLD = 'Oracle BI Publisher 12.2.1.4.0'
const NEW = 'Oracle BI Publisher 12.2.1.5.0'
const confirmed = (id: string, version: string, payer: string | null, byLead = false): GuardCandidate => ({
  id,
  origin: 'accepted',
  version,
  payer,
  byLead,
})
const policy = { minPayers: 3, minSamples: 4 }

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
        confirmed('n2', NEW, 'p1'),
        confirmed('n3', NEW, 'p2'),
        confirmed('n4', NEW, null),
      ],
      new Set(),
      policy,
    )
    expect(out.learn).toEqual(['k1'])
    expect(out.judgedOnly).toEqual(['n1', 'n2', 'n3', 'n4'])
    expect(out.versions).toEqual([
      { version: OLD, samples: 1, payers: 1, decision: 'known', reason: expect.any(String) },
      {
        version: NEW,
        samples: 4,
        payers: 2,
        decision: 'refused',
        reason: expect.stringContaining('found 2 payer(s) among 4'),
      },
    ])
  })

  it('learns a new version from enough receipts of enough distinct payers', () => {
    const cs = ['p1', 'p2', 'p3', 'p3'].map((p, i) => confirmed(`n${i}`, NEW, p))
    expect(guardNewVersions(new Set([OLD]), cs, new Set(), policy)).toMatchObject({
      learn: ['n0', 'n1', 'n2', 'n3'],
      judgedOnly: [],
      versions: [{ decision: 'payers', payers: 3, samples: 4 }],
    })
    // Three payers among three receipts: below minSamples.
    expect(guardNewVersions(new Set([OLD]), cs.slice(0, 3), new Set(), policy).versions[0]?.decision).toBe(
      'refused',
    )
  })

  it('learns a new version a lead confirmed or approved, and one the operator’s folder already holds', () => {
    const one = [confirmed('n1', NEW, 'p1')]
    expect(guardNewVersions(new Set([OLD]), one, new Set([NEW]), policy).versions[0]?.decision).toBe('lead')
    expect(
      guardNewVersions(new Set([OLD]), [confirmed('n1', NEW, 'p1', true)], new Set(), policy).learn,
    ).toEqual(['n1'])
    const withFolder = guardNewVersions(
      new Set([OLD]),
      [...one, { id: 'f1', origin: 'folder', version: NEW, payer: null, byLead: false }],
      new Set(),
      policy,
    )
    expect(withFolder.learn).toEqual(['n1', 'f1'])
    expect(withFolder.versions[0]?.decision).toBe('known')
  })
})
