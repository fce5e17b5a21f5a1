/**
 * Operator commands against the configured MongoDB (MONGODB_URL, MONGODB_DB):
 *
 *   npm run admin -- tenant create <name>     prints the tenant id and a new API key (shown once)
 *   npm run admin -- key create <tenant>      a new key for a tenant (id or name)
 *   npm run admin -- key revoke <prefix>      revokes the key with that prefix (first 17 characters)
 *
 * Profile commands are added by the decision work (see `profileCommands` below).
 */
import { createEnvReader, readMongo, readProcessEnv } from '@rv/config'
import { connectStore, type Store } from '@rv/store'

type Command = (store: Store, args: string[]) => Promise<string>

const commands: Record<string, Command> = {
  'tenant create': async (store, [name]) => {
    if (!name) throw new Error('usage: tenant create <name>')
    const tenant = await store.tenants.createTenant(name)
    const { key } = await store.tenants.createKey(tenant._id)
    return JSON.stringify({ tenant_id: tenant._id, name: tenant.name, api_key: key })
  },
  'key create': async (store, [tenantRef]) => {
    if (!tenantRef) throw new Error('usage: key create <tenant id or name>')
    const tenant = await store.tenants.findTenant(tenantRef)
    if (!tenant) throw new Error(`no tenant ${tenantRef}`)
    const { key, prefix } = await store.tenants.createKey(tenant._id)
    return JSON.stringify({ tenant_id: tenant._id, api_key: key, prefix })
  },
  'key revoke': async (store, [prefix]) => {
    if (!prefix) throw new Error('usage: key revoke <prefix>')
    const revoked = await store.tenants.revokeKey(prefix)
    if (!revoked) throw new Error(`no live key with prefix ${prefix}`)
    return JSON.stringify({ revoked: prefix })
  },
}

/** Hook for profile commands (`profile create|list|...`), registered by the decision module's owner. */
export const profileCommands: Record<string, Command> = {}

async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv
  const name = `${noun} ${verb}`
  const command = commands[name] ?? profileCommands[name]
  if (!command) {
    process.stderr.write(
      `unknown command "${name}"; known: ${[...Object.keys(commands), ...Object.keys(profileCommands)].join(', ')}\n`,
    )
    return 2
  }
  const reader = createEnvReader(readProcessEnv())
  const mongo = readMongo(reader)
  reader.finish()
  const store = await connectStore(mongo)
  try {
    await store.ensureIndexes()
    process.stdout.write(`${await command(store, rest)}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 1
  } finally {
    await store.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
