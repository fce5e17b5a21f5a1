/**
 * Review console users (docs/console.md):
 *
 *   npm run admin -- console-user add --tenant <id or name> --email <address> --role analyst|lead
 *       the password is read from stdin when it is piped; otherwise one is generated and printed once
 *   npm run admin -- console backfill
 *       rows written before the console's later fields (queue entries without `waiting_in`); the console
 *       also runs it at start; idempotent
 */
import { backfillConsole, type ConsoleRole, consoleRoles, randomBase62 } from '@rv/store'
import { type AdminCommand, parseArgs } from './admin-fingerprints'

const MIN_PASSWORD = 12

async function readPipedPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
  return text.length > 0 ? text : undefined
}

export const consoleCommands: Record<string, AdminCommand> = {
  'console backfill': async (store) => JSON.stringify(await backfillConsole(store)),
  'console-user add': async (store, args) => {
    const usage = 'console-user add --tenant <tenant> --email <address> --role analyst|lead'
    const { flags } = parseArgs(args)
    const { tenant: tenantRef, email, role } = flags
    if (!tenantRef || !email || !role) throw new Error(`usage: ${usage}`)
    if (!consoleRoles.includes(role as ConsoleRole))
      throw new Error(`role is one of ${consoleRoles.join(', ')}`)
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`not an e-mail address: ${email}`)
    const tenant = await store.tenants.findTenant(tenantRef)
    if (!tenant) throw new Error(`no tenant ${tenantRef}`)
    const piped = await readPipedPassword()
    if (piped !== undefined && piped.length < MIN_PASSWORD)
      throw new Error(`a console password has at least ${MIN_PASSWORD} characters`)
    const password = piped ?? randomBase62(20)
    const added = await store.consoleUsers.add({
      email,
      tenantId: tenant._id,
      role: role as ConsoleRole,
      password,
    })
    if (!added) throw new Error(`a console user ${email.toLowerCase()} exists already`)
    return JSON.stringify({
      email: email.trim().toLowerCase(),
      tenant_id: tenant._id,
      role,
      ...(piped === undefined ? { password } : {}),
    })
  },
}
