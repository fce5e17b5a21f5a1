/**
 * Operator commands against the configured MongoDB (MONGODB_URL, MONGODB_DB):
 *
 *   npm run admin -- tenant create <name> [--scopes a,b]   prints the tenant id and a new API key (shown once)
 *   npm run admin -- key create <tenant> [--scopes a,b]    a new key for a tenant (id or name); default every scope
 *   npm run admin -- key list <tenant>                     the tenant's keys and scopes, never a secret
 *   npm run admin -- key revoke <prefix>                   revokes the key with that prefix (first 17 characters)
 *       scopes: checks:write, checks:read, credits:write, erase (scripts/admin/keys.ts)
 *   npm run admin -- profile list <tenant>                          names and versions the tenant can use
 *   npm run admin -- profile show <tenant> [name] [--version N]     a profile (default: `default`, latest)
 *   npm run admin -- profile set <tenant> <name> --file profile.json
 *       validates the file against schemas/json/profile.schema.json and saves it: unchanged behaviour keeps
 *       the version, a change makes latest + 1 (older versions stay readable); prints the version
 *   npm run admin -- fingerprint learn|list|show|activate|rollback …   and   review accept <check-id>
 *       learning fingerprints in production (scripts/admin/fingerprints.ts; docs/authenticity.md)
 *   npm run admin -- fingerprint regress|approve …
 *       the forgery regression set on demand, a lead's approval of a new template version (scripts/admin/learning.ts)
 *   npm run admin -- credits import --tenant <tenant> --format 1c|csv [--columns …] FILE
 *       a bank statement into the tenant's credits (scripts/admin/credits.ts; docs/settlement.md)
 *   npm run admin -- tenant retention|delete …   check delete …   retention sweep|backfill
 *       retention and erasure of personal data (scripts/admin/retention.ts; docs/data-retention.md)
 *   npm run admin -- console-user add --tenant <tenant> --email <address> --role analyst|lead
 *       a review console user (scripts/admin/console.ts; docs/console.md)
 *   npm run admin -- console-user disable|enable|remove|role|password --email <address>
 *       disable, enable, remove a console user, change their role or password (sessions revoked at once)
 *   npm run admin -- console-audit verify [--tenant <tenant>]
 *       verifies the console audit log's hash chain (exit 1 naming every problem)
 *   npm run admin -- console backfill
 *       the console's rows written before its later fields (also run at console start)
 *   npm run admin -- webhook create|list|show|delete|enable|rotate|deliveries|redeliver …
 *       a tenant's webhook endpoints and their delivery log (scripts/admin/webhooks.ts; docs/webhooks.md)
 */
import { readFileSync } from 'node:fs'
import {
  createEnvReader,
  readKafka,
  readLearning,
  readMongo,
  readProcessEnv,
  readRegistry,
  readRetention,
  readS3,
} from '@rv/config'
import type { EventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import type { CreditReceivedV1 } from '@rv/schemas'
import { openEventBus } from '@rv/service-runtime'
import { createStorage, type FileStorage } from '@rv/storage'
import { assertValidProfile, connectStore, type Store } from '@rv/store'
import { type AdminCommand, parseArgs } from './command'
import { consoleCommands } from './console'
import { creditCommands } from './credits'
import { fingerprintCommands } from './fingerprints'
import { findTenantId, keyCommands, scopesFlag } from './keys'
import { learningCommands } from './learning'
import { retentionCommands } from './retention'
import { webhookCommands } from './webhooks'

type Command = AdminCommand

const commands: Record<string, Command> = {
  'tenant create': async (store, args) => {
    const { positional, flags } = parseArgs(args)
    const name = positional[0]
    if (!name) throw new Error('usage: tenant create <name> [--scopes a,b]')
    const scopes = scopesFlag(flags)
    const tenant = await store.tenants.createTenant(name)
    const { key } = await store.tenants.createKey(tenant._id, scopes)
    return JSON.stringify({ tenant_id: tenant._id, name: tenant.name, api_key: key, scopes })
  },
  ...keyCommands,
}

/** Profile commands: versions are immutable, so `set` never edits one in place. */
export const profileCommands: Record<string, Command> = {
  'profile list': async (store, args) => {
    const id = await findTenantId(store, args[0], 'profile list <tenant>')
    return JSON.stringify({ tenant_id: id, profiles: await store.profiles.list(id) })
  },
  'profile show': async (store, args) => {
    const usage = 'profile show <tenant> [name] [--version N]'
    const { positional, flags } = parseArgs(args)
    const id = await findTenantId(store, positional[0], usage)
    const name = positional[1] ?? 'default'
    let profile: Awaited<ReturnType<Store['profiles']['latest']>>
    if (flags.version === undefined) profile = await store.profiles.latest(id, name)
    else {
      const version = Number(flags.version)
      if (!Number.isInteger(version) || version < 1) throw new Error(`usage: ${usage} (N a positive integer)`)
      profile = await store.profiles.find(id, name, version)
    }
    if (!profile) throw new Error(`no profile ${name}${flags.version ? ` v${flags.version}` : ''} for ${id}`)
    return JSON.stringify(profile, null, 2)
  },
  'profile set': async (store, args) => {
    const usage = 'profile set <tenant> <name> --file profile.json'
    const { positional, flags } = parseArgs(args)
    const id = await findTenantId(store, positional[0], usage)
    const name = positional[1]
    if (!name || !flags.file) throw new Error(`usage: ${usage}`)
    const parsed = JSON.parse(readFileSync(flags.file, 'utf8')) as Record<string, unknown>
    // The file describes behaviour; identity (tenant, name, version) is the store's to assign.
    const candidate = { ...parsed, name, version: 1, tenant_id: id }
    assertValidProfile(candidate)
    const { name: _n, version: _v, tenant_id: _t, ...behaviour } = candidate
    const before = await store.profiles.latest(id, name)
    const saved = await store.profiles.save(id, name, behaviour)
    return JSON.stringify({
      tenant_id: id,
      name,
      version: saved.version,
      changed: before?.version !== saved.version,
    })
  },
}

async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv
  const name = `${noun} ${verb}`
  const reader = createEnvReader(readProcessEnv())
  const mongo = readMongo(reader)
  const s3 = readS3(reader)
  const retention = readRetention(reader)
  const learning = readLearning(reader)
  const bus = { kafka: readKafka(reader, 'admin'), registry: readRegistry(reader) }
  const all: Record<string, AdminCommand> = {
    ...commands,
    ...profileCommands,
    ...fingerprintCommands,
    ...learningCommands,
    ...retentionCommands(() => retention),
    ...consoleCommands,
    ...webhookCommands,
  }
  const command = all[name] ?? creditCommands[name]
  if (!command) {
    process.stderr.write(
      `unknown command "${name}"; known: ${[...Object.keys(all), ...Object.keys(creditCommands)].join(', ')}\n`,
    )
    return 2
  }
  reader.finish()
  const store = await connectStore(mongo)
  // Only the commands that read stored files open the file storage.
  let storage: FileStorage | undefined
  // Only the commands that publish open the event bus.
  let opened: EventBus | undefined
  const io = {
    storage: () => (storage ??= createStorage(s3)),
    learningTenants: learning.tenants,
    publishCredits: async (events: readonly CreditReceivedV1[]) => {
      opened ??= await openEventBus(bus, createLogger({ level: 'warn' }), { shutdown: false })
      await opened.publishBatch(
        'credit.received.v1',
        events.map((event) => ({ key: event.tenant_id, value: event })),
      )
    },
  }
  try {
    await store.ensureIndexes()
    process.stdout.write(`${await command(store, rest, io)}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 1
  } finally {
    await opened?.close()
    await store.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
