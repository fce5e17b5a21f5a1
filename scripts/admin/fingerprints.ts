/**
 * Admin commands for learning fingerprints as an operation (see docs/authenticity.md, "Learning in
 * production"). Versions are immutable: `learn` mints a new one, `activate`/`rollback` only move the
 * family's active pointer; the authenticity service picks the change up within FINGERPRINT_REFRESH_SECONDS.
 */
import { userInfo } from 'node:os'
import { bankOf, DEFAULT_VERSION_GUARD } from '@rv/core/authenticity'
import { DEFAULT_MIN_SAMPLES, learnFingerprintVersion } from '@rv/fingerprints'
import { type AdminCommand, parseArgs } from './command'
import { learnDeps } from './learning'

/** `3` or `v3` → 3. */
function versionNumber(text: string | undefined, usage: string): number {
  const n = Number((text ?? '').replace(/^v/, ''))
  if (!Number.isInteger(n) || n < 1) throw new Error(`usage: ${usage} (version: 3 or v3)`)
  return n
}

function date(text: string | undefined, flag: string): Date | undefined {
  if (text === undefined) return undefined
  const d = new Date(text)
  if (Number.isNaN(d.getTime())) throw new Error(`${flag} must be an ISO 8601 date, e.g. 2026-05-01`)
  return d
}

export const fingerprintCommands: Record<string, AdminCommand> = {
  'fingerprint learn': async (store, args, io) => {
    const { minPayers, minSamples, minTenants } = DEFAULT_VERSION_GUARD
    const usage =
      `fingerprint learn <family> [<folder>] [--from-accepted] [--since <date>] [--min N (default ${DEFAULT_MIN_SAMPLES})] ` +
      `[--min-payers N (default ${minPayers})] [--min-tenants N (default ${minTenants})] ` +
      `[--min-version-samples N (default ${minSamples})] [--force-by <lead e-mail>] ` +
      '[--by <operator> (default the OS user)] [--activate no] [--note <text>]' +
      ' — accepted checks of the LEARNING_TENANTS only (none when unset)'
    const { positional, flags } = parseArgs(args, ['from-accepted'])
    const [family, folder] = positional
    if (!family || (!folder && !flags['from-accepted'])) throw new Error(`usage: ${usage}`)
    const report = await learnFingerprintVersion(
      learnDeps(store, (key) => io.storage().get(key)),
      {
        guard: {
          minPayers: flags['min-payers'] ? Number(flags['min-payers']) : minPayers,
          minSamples: flags['min-version-samples'] ? Number(flags['min-version-samples']) : minSamples,
          minTenants: flags['min-tenants'] ? Number(flags['min-tenants']) : minTenants,
        },
        operator: flags.by ?? userInfo().username,
        teachingTenants: io.learningTenants ?? [],
        ...(flags['force-by'] ? { forceBy: flags['force-by'] } : {}),
        family,
        ...(folder ? { folder } : {}),
        fromAccepted: flags['from-accepted'] === 'true',
        ...(flags.since ? { since: date(flags.since, '--since') } : {}),
        ...(flags.min ? { minSamples: Number(flags.min) } : {}),
        activate: flags.activate !== 'no',
        ...(flags.note ? { note: flags.note } : {}),
      },
    )
    return JSON.stringify(report)
  },
  'fingerprint list': async (store, args) => {
    const family = args[0]
    if (!family) throw new Error('usage: fingerprint list <family>')
    const active = await store.fingerprints.activeVersion(family)
    return JSON.stringify({
      family,
      active: active === undefined ? 'builtin' : `v${active}`,
      versions: await store.fingerprints.list(family),
    })
  },
  'fingerprint show': async (store, args) => {
    const usage = 'fingerprint show <family> [version]'
    const [family, version] = args
    if (!family) throw new Error(`usage: ${usage}`)
    const n =
      version === undefined ? await store.fingerprints.activeVersion(family) : versionNumber(version, usage)
    if (n === undefined)
      throw new Error(`${family} is judged with the builtin fingerprint (no stored version active)`)
    const doc = await store.fingerprints.find(family, n)
    if (!doc) throw new Error(`no fingerprint ${family} v${n}`)
    return JSON.stringify(doc, null, 2)
  },
  'fingerprint activate': async (store, args) => {
    const usage = 'fingerprint activate <family> <version>'
    const [family, version] = args
    if (!family) throw new Error(`usage: ${usage}`)
    const n = versionNumber(version, usage)
    await store.fingerprints.activate(family, n)
    return JSON.stringify({ family, active: `v${n}` })
  },
  'fingerprint rollback': async (store, args) => {
    const family = args[0]
    if (!family) throw new Error('usage: fingerprint rollback <family>')
    const now = await store.fingerprints.rollback(family)
    return JSON.stringify({ family, active: now === undefined ? 'builtin' : `v${now}` })
  },
  /** An analyst's decision that a check's document is genuine; its original file may then teach the fingerprint. */
  'review accept': async (store, args) => {
    const usage = 'review accept <check-id> [--note <text>]'
    const { positional, flags } = parseArgs(args)
    const checkId = positional[0]
    if (!checkId) throw new Error(`usage: ${usage}`)
    const doc = await store.checks.findDocument(checkId)
    if (!doc) throw new Error(`no check ${checkId}`)
    const record = doc.record
    if (record.status !== 'done')
      throw new Error(`check ${checkId} is ${record.status}: only a finished check can be accepted`)
    const family = record.document.family
    if (!family || family === 'unknown')
      throw new Error(`check ${checkId} has no recognised family: it cannot teach a fingerprint`)
    const file = (doc.submission as { file?: { bucket?: string; key?: string; sha256?: string } }).file
    if (!file?.key || !file.bucket || !file.sha256) throw new Error(`check ${checkId} has no stored file`)
    const { decision, created } = await store.reviews.accept({
      _id: checkId,
      tenant_id: doc.tenant_id,
      family,
      bank: bankOf(family),
      note: flags.note ?? null,
      file: { bucket: file.bucket, key: file.key, sha256: file.sha256 },
    })
    return JSON.stringify({
      check_id: checkId,
      family,
      decision: decision.decision,
      recommendation_was: record.recommendation,
      decided_at: decision.decided_at.toISOString(),
      created,
    })
  },
}
