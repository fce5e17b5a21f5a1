import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Fingerprint } from '@rv/core'
import { generateReceipt } from '@rv/generator'
import type { FingerprintDocument, ForgeryCaseDocument, ReviewDecisionDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { ForgeryRegressionError } from './forgery-regression-run'
import { type LearnDeps, learnFingerprintVersion, TooFewSamplesError } from './learn-operation'

const OLD = 'Oracle BI Publisher 12.2.1.4.0'
const NEW = 'Oracle BI Publisher 12.2.1.5.0'
/** Not a library any bank uses, and not an editing tool: a soft (learned) mark of a forger's software. */
const FOREIGN = 'Receipt Maker Pro 2.0 (Win64)!'
/** An editing tool's mark: a hard failure, \`forged\` under any fingerprint. */
const EDITED = 'Microsoft Word - receipt.docx!'
const variants = ['sbp', 'alfa_client', 'card_to_card'] as const

/** A generated genuine Alfa receipt; the producer swapped in place (same length: nothing else moves). */
function alfa(seed: string, k: number, producer = OLD, payer?: string): Uint8Array {
  const { pdf } = generateReceipt({
    family: 'alfa',
    variant: variants[k % variants.length]!,
    seed,
    // Alfa's transfers print no payer name: the payer is the debit account (payer-identity.ts).
    ...(payer ? { overrides: { senderAccount: `4081781000000000${payer}` } } : {}),
  })
  if (producer === OLD) return pdf
  return new Uint8Array(Buffer.from(Buffer.from(pdf).toString('latin1').replaceAll(OLD, producer), 'latin1'))
}

function folderOf(files: Uint8Array[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'rv-learn-')), 'folder')
  mkdirSync(dir)
  for (const [i, bytes] of files.entries())
    writeFileSync(join(dir, `alfa-${String(i).padStart(2, '0')}.pdf`), bytes)
  return dir
}
const oldFolder = () => folderOf(Array.from({ length: 10 }, (_, k) => alfa(`old-${k}`, k)))

interface World {
  accepted?: { id: string; bytes: Uint8Array; tenant?: string }[]
  forgeries?: { id: string; bytes: Uint8Array; verdictWas: string }[]
  approved?: string[]
}

/** The learn operation's ports in memory (the store-backed wiring is scripts/admin/learning.ts). */
function depsOf(world: World) {
  const files = new Map<string, Uint8Array>()
  const saved: FingerprintDocument[] = []
  const file = (id: string, bytes: Uint8Array) => {
    files.set(id, bytes)
    return { bucket: 'b', key: id, sha256: id }
  }
  const decisions: ReviewDecisionDocument[] = (world.accepted ?? []).map((a) => ({
    _id: a.id,
    tenant_id: a.tenant ?? 'ten_a',
    family: 'alfa/sbp',
    bank: 'alfa',
    decision: 'genuine',
    note: null,
    file: file(a.id, a.bytes),
    decided_at: new Date(0),
  }))
  const cases: ForgeryCaseDocument[] = (world.forgeries ?? []).map((f) => ({
    _id: f.id,
    tenant_id: 'ten_a',
    family: 'alfa/sbp',
    verdict_was: f.verdictWas,
    reason_code: 'amount_edited',
    decided_by: 'analyst@example.test',
    file: file(f.id, f.bytes),
    added_at: new Date(0),
  }))
  const deps: LearnDeps = {
    fingerprints: {
      save: async (family, fingerprint, provenance) => {
        const version = saved.length + 1
        const document = {
          _id: `${family}:${version}`,
          family,
          version,
          fingerprint: { ...fingerprint, version: `v${version}` },
          content_sha256: String(version),
          provenance,
          created_at: new Date(0),
        }
        saved.push(document)
        return { document, created: true }
      },
      activate: async () => {},
      activeAll: async () => ({}),
    },
    // The store's filter (review-repository.ts): the listed tenants' decisions only.
    reviews: {
      acceptedSince: async (_bank, tenants) => decisions.filter((d) => tenants.includes(d.tenant_id)),
    },
    readStored: async (key) => files.get(key) ?? Promise.reject(new Error('no such file')),
    approvedVersions: async (_family, versions) =>
      versions.filter((v) => world.approved?.includes(v)).map((version) => ({ version, approved_by: 'ops' })),
    isLead: async (email) => email === 'lead@example.test',
    forgeryCases: async () => cases,
  }
  return { deps, saved }
}

/** The operator running the learn, and the tenants it lets teach. */
const teach = { operator: 'ops', teachingTenants: ['ten_a', 'ten_b'] }
const learnedOf = (saved: FingerprintDocument[]): Fingerprint => saved.at(-1)!.fingerprint

describe('fingerprint learn: the new-version guard', () => {
  it('refuses a new version confirmed for too few payers, counts those receipts in the calibration only, and says why', async () => {
    const accepted = ['1111', '1111', '1111', '2222', '2222'].map((name, k) => ({
      id: `chk_${k}`,
      bytes: alfa(`new-${k}`, 0, NEW, name),
    }))
    const { deps, saved } = depsOf({ accepted })
    const report = await learnFingerprintVersion(deps, {
      family: 'alfa',
      folder: oldFolder(),
      fromAccepted: true,
      ...teach,
    })
    expect(report.samples).toEqual({ folder: 10, accepted: 0, calibrationOnly: 5 })
    expect(report.versions).toEqual([
      {
        version: NEW,
        samples: 5,
        payers: 2,
        tenants: 1,
        decision: 'refused',
        reason: expect.stringContaining('found 2 payer(s) and 1 tenant(s) among 5'),
      },
    ])
    const fp = learnedOf(saved)
    expect(fp.categorical['producer']).toEqual([OLD])
    expect(saved[0]?.provenance).toMatchObject({ folder: 10, accepted: 0, calibration_only: 5 })
    // The confirmed receipts are labelled samples of their version and variants all the same.
    expect(fp.calibration?.strata?.[`version:${NEW}`]?.['structure.object_count']?.judged).toBe(5)
    expect(Object.keys(fp.calibration?.strata ?? {})).toEqual(
      expect.arrayContaining(['variant:sbp', 'variant:alfa_client', 'variant:card_to_card']),
    )
  }, 300_000)

  it('learns a new version confirmed for enough payers by enough tenants, or the operator approved, and records who taught it', async () => {
    const names = ['1111', '2222', '3333', '1111', '2222']
    const tenants = ['ten_a', 'ten_b', 'ten_a', 'ten_b', 'ten_a']
    const accepted = names.map((name, k) => ({
      id: `chk_${k}`,
      bytes: alfa(`new-${k}`, 0, NEW, name),
      tenant: tenants[k],
    }))
    const payers = depsOf({ accepted })
    const report = await learnFingerprintVersion(payers.deps, {
      family: 'alfa',
      folder: oldFolder(),
      fromAccepted: true,
      ...teach,
    })
    expect(report.versions[0]).toMatchObject({ version: NEW, payers: 3, tenants: 2, decision: 'payers' })
    expect(learnedOf(payers.saved).categorical['producer']).toEqual([OLD, NEW])
    expect(payers.saved[0]?.provenance.taught_by).toEqual({
      tenants: ['ten_a', 'ten_b'],
      decisions: ['chk_0', 'chk_1', 'chk_2', 'chk_3', 'chk_4'],
      operator: 'ops',
      approvals: [],
    })
    // Raising the bar (a configurable threshold) refuses the same receipts.
    await expect(
      learnFingerprintVersion(payers.deps, {
        family: 'alfa',
        folder: oldFolder(),
        fromAccepted: true,
        ...teach,
        guard: { minPayers: 4, minSamples: 5 },
      }),
    ).resolves.toMatchObject({ versions: [{ decision: 'refused' }] })
    // Only ten_a may teach: one tenant's decisions never teach a new version, however many payers. No tenant
    // listed (the default): no accepted check is even read.
    const teachingOnly = (teachingTenants?: string[]) =>
      learnFingerprintVersion(payers.deps, {
        family: 'alfa',
        folder: oldFolder(),
        fromAccepted: true,
        operator: 'ops',
        ...(teachingTenants ? { teachingTenants } : {}),
      })
    await expect(teachingOnly(['ten_a'])).resolves.toMatchObject({
      versions: [{ decision: 'refused', tenants: 1 }],
      samples: { accepted: 0 },
    })
    await expect(teachingOnly()).resolves.toMatchObject({
      versions: [],
      samples: { accepted: 0, calibrationOnly: 0 },
    })

    const one = [{ id: 'chk_one', bytes: alfa('new-one', 0, NEW, '1111') }]
    const unapproved = depsOf({ accepted: one })
    await expect(
      learnFingerprintVersion(unapproved.deps, {
        family: 'alfa',
        folder: oldFolder(),
        fromAccepted: true,
        ...teach,
      }),
    ).resolves.toMatchObject({ versions: [{ decision: 'refused' }] })
    const approval = depsOf({ accepted: one, approved: [NEW] })
    const approved = await learnFingerprintVersion(approval.deps, {
      family: 'alfa',
      folder: oldFolder(),
      fromAccepted: true,
      ...teach,
    })
    expect(approved.versions[0]).toMatchObject({ decision: 'operator' })
    expect(learnedOf(approval.saved).categorical['producer']).toEqual([OLD, NEW])
    expect(approval.saved[0]?.provenance.taught_by).toMatchObject({
      tenants: ['ten_a'],
      decisions: ['chk_one'],
      approvals: [{ version: NEW, approved_by: 'ops' }],
    })
  }, 300_000)

  it('refuses to learn from confirmed receipts alone when the guard leaves too few', async () => {
    const accepted = Array.from({ length: 10 }, (_, k) => ({
      id: `chk_${k}`,
      bytes: alfa(`n-${k}`, k, NEW, '1111'),
    }))
    const { deps, saved } = depsOf({ accepted })
    const error = await learnFingerprintVersion(deps, { family: 'alfa', fromAccepted: true, ...teach }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(TooFewSamplesError)
    expect(error.message).toContain('from 0 genuine receipt(s)')
    expect(error.message).toContain(
      `New versions refused: ${NEW}: a new version needs ≥ 3 distinct payers and ≥ 2 tenants`,
    )
    expect(saved).toEqual([])
  }, 300_000)
})

describe('fingerprint learn: the forgery regression set', () => {
  it('refuses a fingerprint under which a confirmed forgery would be genuine, unless a lead forces it', async () => {
    // An operator's folder that holds one receipt of the forger's software: the candidate learns it.
    const folder = folderOf([
      ...Array.from({ length: 10 }, (_, k) => alfa(`old-${k}`, k)),
      alfa('bad', 0, FOREIGN),
    ])
    const forgeries = [
      { id: 'chk_forged', bytes: alfa('forged', 0, FOREIGN), verdictWas: 'suspicious' },
      { id: 'chk_other', bytes: alfa('other', 2), verdictWas: 'genuine' },
    ]
    const { deps, saved } = depsOf({ forgeries })
    const error = await learnFingerprintVersion(deps, { family: 'alfa', folder, operator: 'ops' }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(ForgeryRegressionError)
    expect(error.report.judged.find((c: { id: string }) => c.id === 'chk_forged')).toMatchObject({
      before: 'suspicious',
      after: 'genuine',
    })
    expect(error.report.regressions.map((r: { id: string }) => r.id)).toEqual(['chk_forged', 'chk_other'])
    expect(error.message).toContain('chk_forged: suspicious → genuine')
    expect(saved).toEqual([])

    await expect(
      learnFingerprintVersion(deps, {
        family: 'alfa',
        folder,
        forceBy: 'analyst@example.test',
        operator: 'ops',
      }),
    ).rejects.toThrow('not a console user of role lead')
    const forced = await learnFingerprintVersion(deps, {
      family: 'alfa',
      folder,
      forceBy: 'lead@example.test',
      operator: 'ops',
    })
    expect(forced.regression.forcedBy).toBe('lead@example.test')
    expect(saved[0]?.provenance.forced_by).toBe('lead@example.test')
  }, 300_000)

  it('catches a learn that weakens a check: ten receipts make the forger’s producer weigh too little alone', async () => {
    // The committed fingerprint (46 receipts) calls the forger's producer suspicious alone; one learned from
    // ten has a wider calibration, so the same soft mark no longer suffices. The regression run says so.
    const forgeries = [{ id: 'chk_forged', bytes: alfa('forged', 0, FOREIGN), verdictWas: 'suspicious' }]
    const { deps, saved } = depsOf({ forgeries })
    const error = await learnFingerprintVersion(deps, {
      family: 'alfa',
      folder: oldFolder(),
      operator: 'ops',
    }).catch((e) => e)
    expect(error.report?.regressions).toMatchObject([
      { id: 'chk_forged', before: 'suspicious', after: 'genuine' },
    ])
    expect(saved).toEqual([])
  }, 300_000)

  it('writes a fingerprint that keeps every confirmed forgery at least as severe; pictures are left out', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const forgeries = [
      { id: 'chk_edited', bytes: alfa('edited', 0, EDITED), verdictWas: 'forged' },
      { id: 'chk_picture', bytes: png, verdictWas: 'suspicious' },
    ]
    const { deps, saved } = depsOf({ forgeries })
    const report = await learnFingerprintVersion(deps, {
      family: 'alfa',
      folder: oldFolder(),
      operator: 'ops',
    })
    expect(report.regression).toMatchObject({
      judged: [{ id: 'chk_edited', before: 'forged', after: 'forged' }],
      skipped: [{ id: 'chk_picture', reason: 'a picture: no fingerprint judges it' }],
      regressions: [],
    })
    expect(saved).toHaveLength(1)
  }, 300_000)
})
