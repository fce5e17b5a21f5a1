/**
 * What decisions teach, as operator commands (docs/authenticity.md, "Learning in production"):
 *
 *   npm run admin -- fingerprint regress <family> [--version N]
 *       re-judges every confirmed forgery of the family (the tenants' forgery regression sets) with the
 *       active fingerprint (or stored version N); fails when one is judged genuine or milder than the verdict
 *       it had when it was confirmed
 *   npm run admin -- fingerprint approve <family> "<generator version>" --by <operator> [--note …]
 *       the operator's approval that a new template version may be learned from confirmed receipts (the
 *       version label as `fingerprint learn` reports it); a tenant's lead cannot approve one — the fingerprints
 *       judge every tenant. Recorded in `fingerprint_approvals` and in the learned version's `taught_by`
 */
import { fingerprints as builtin, type Fingerprint } from '@rv/core'
import { bankOf } from '@rv/core/authenticity'
import { type LearnDeps, runForgeryRegression } from '@rv/fingerprints'
import type { Store } from '@rv/store'
import { type AdminCommand, parseArgs } from './command'

/** The learn operation's ports over the store and the file storage. */
export function learnDeps(store: Store, readStored: (key: string) => Promise<Uint8Array>): LearnDeps {
  return {
    fingerprints: store.fingerprints,
    reviews: store.reviews,
    readStored,
    approvedVersions: (family, versions) => store.versionApprovals.approvedAmong(family, versions),
    isLead: async (email) => (await store.consoleUsers.find(email))?.role === 'lead',
    forgeryCases: async (family) => {
      const cases = []
      for (const tenant of await store.tenants.listTenants())
        for (const c of await store.forgerySet.ofTenant(tenant._id))
          if (c.family === null || bankOf(c.family) === family) cases.push(c)
      return cases
    },
  }
}

export const learningCommands: Record<string, AdminCommand> = {
  'fingerprint regress': async (store, args, io) => {
    const usage = 'fingerprint regress <family> [--version N]'
    const { positional, flags } = parseArgs(args)
    const family = positional[0]
    if (!family || !builtin[family])
      throw new Error(`usage: ${usage} (family: ${Object.keys(builtin).join(', ')})`)
    const n =
      flags.version === undefined
        ? await store.fingerprints.activeVersion(family)
        : Number(flags.version.replace(/^v/, ''))
    let fingerprint: Fingerprint = builtin[family]!
    if (n !== undefined) {
      const doc = await store.fingerprints.find(family, n)
      if (!doc) throw new Error(`no fingerprint ${family} v${n}`)
      fingerprint = doc.fingerprint
    }
    const registry = { ...builtin, ...(await store.fingerprints.activeAll()) }
    const report = await runForgeryRegression(
      learnDeps(store, (key) => io.storage().get(key)),
      family,
      { now: registry, candidate: { ...registry, [family]: fingerprint } },
      'verdict_was',
    )
    const out = JSON.stringify({ fingerprint: fingerprint.version ?? 'builtin', ...report })
    if (report.regressions.length > 0) throw new Error(`forgery regression: ${out}`)
    return out
  },
  'fingerprint approve': async (store, args) => {
    const usage = 'fingerprint approve <family> "<generator version>" --by <operator> [--note <text>]'
    const { positional, flags } = parseArgs(args)
    const [family, version] = positional
    const by = flags.by?.trim()
    if (!family || !version || !by) throw new Error(`usage: ${usage}`)
    if (!builtin[family]) throw new Error(`unknown family ${family}`)
    const created = await store.versionApprovals.approve({
      family,
      version,
      approved_by: by,
      note: flags.note ?? null,
    })
    return JSON.stringify({ family, version, approved_by: by, role: 'operator', created })
  },
}
