/**
 * Retention and erasure commands (docs/data-retention.md):
 *
 *   npm run admin -- tenant retention <tenant> <days|default>   days a check is kept (0: forever)
 *   npm run admin -- check delete <tenant> <check-id>            the check, its stage results, replay keys, file,
 *                                                                its console data (decisions, audit, queue, …)
 *   npm run admin -- tenant delete <tenant> --confirm <tenant>   every check of the tenant, then the tenant
 *                                                                (its console users and sessions too)
 *   npm run admin -- retention sweep                             one pass of the retention sweeper, and of the
 *                                                                expiry of deliveries and rate windows
 *   npm run admin -- retention backfill [--batch 500] [--max 50000]   created_hour for checks stored before it
 *   npm run admin -- retention tombstones [--batch 500] [--max 10000]   console and settlement data of checks
 *                                                                erased before they joined the erasure
 */
import type { RetentionConfig } from '@rv/config'
import {
  backfillCreatedHours,
  consoleParticipants,
  createErasure,
  createErasureRegistry,
  eraseConsoleOfTombstoned,
  settlementParticipants,
  storeParticipants,
  sweepRetention,
} from '@rv/retention'
import type { FileStorage } from '@rv/storage'
import type { Store } from '@rv/store'
import { type AdminCommand, parseArgs } from './command'

function erasureOf(store: Store, storage: FileStorage) {
  return createErasure(store, createErasureRegistry(storeParticipants(store, storage)))
}

/** A flag's positive integer, or the default when absent. */
function positive(value: string | undefined, fallback: number, usage: string): number {
  const n = value === undefined ? fallback : Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`usage: ${usage}`)
  return n
}

async function tenantOf(store: Store, ref: string | undefined, usage: string) {
  if (!ref) throw new Error(`usage: ${usage}`)
  const tenant = await store.tenants.findTenant(ref)
  if (!tenant) throw new Error(`no tenant ${ref}`)
  return tenant
}

export function retentionCommands(config: () => RetentionConfig): Record<string, AdminCommand> {
  return {
    'tenant retention': async (store, [ref, value]) => {
      const usage = 'tenant retention <tenant> <days|default>'
      const tenant = await tenantOf(store, ref, usage)
      const days = value === 'default' ? null : Number(value)
      if (days !== null && (!Number.isInteger(days) || days < 0)) throw new Error(`usage: ${usage}`)
      await store.tenants.setRetention(tenant._id, days)
      return JSON.stringify({ tenant_id: tenant._id, retention_days: days ?? config().defaultDays })
    },
    'check delete': async (store, [ref, checkId], io) => {
      const usage = 'check delete <tenant> <check-id>'
      const tenant = await tenantOf(store, ref, usage)
      if (!checkId) throw new Error(`usage: ${usage}`)
      const deleted = await erasureOf(store, io.storage()).eraseCheck(tenant._id, checkId)
      if (!deleted) throw new Error(`no check ${checkId} for ${tenant._id}`)
      return JSON.stringify({ tenant_id: tenant._id, deleted: checkId })
    },
    'tenant delete': async (store, args, io) => {
      const usage = 'tenant delete <tenant> --confirm <tenant id>'
      const { positional, flags } = parseArgs(args)
      const tenant = await tenantOf(store, positional[0], usage)
      if (flags.confirm !== tenant._id) throw new Error(`usage: ${usage} (the id, to confirm: ${tenant._id})`)
      const { checks } = await erasureOf(store, io.storage()).eraseTenant(tenant._id)
      return JSON.stringify({ tenant_id: tenant._id, deleted: true, checks })
    },
    'retention backfill': async (store, args) => {
      const usage = 'retention backfill [--batch <n>] [--max <checks>]'
      const { flags } = parseArgs(args)
      const report = await backfillCreatedHours(store, {
        now: new Date(),
        batch: positive(flags.batch, 500, usage),
        maxChecks: positive(flags.max, 50_000, usage),
      })
      return JSON.stringify(report)
    },
    'retention tombstones': async (store, args) => {
      const usage = 'retention tombstones [--batch <n>] [--max <checks>]'
      const { flags } = parseArgs(args)
      const options = {
        now: new Date(),
        batch: positive(flags.batch, 500, usage),
        maxChecks: positive(flags.max, 10_000, usage),
      }
      const report = await eraseConsoleOfTombstoned(store, consoleParticipants(store), options)
      // Settlement joined the erasure after the console: its own pass and marker.
      const settlement = await eraseConsoleOfTombstoned(
        store,
        settlementParticipants(store),
        options,
        'settlement.tombstones',
      )
      return JSON.stringify({ ...report, settlement })
    },
    'retention sweep': async (store, _args, io) => {
      const { defaultDays, maxHoursPerSweep } = config()
      const now = new Date()
      const report = await sweepRetention(store, erasureOf(store, io.storage()), {
        now,
        defaultDays,
        maxHours: maxHoursPerSweep,
      })
      const expired = await store.expiry.sweep(now)
      return JSON.stringify({ ...report, expired })
    },
  }
}
