/**
 * Review console users (docs/console.md):
 *
 *   npm run admin -- console-user add --tenant <id or name> --email <address> --role analyst|lead
 *       the password is read from stdin when it is piped; otherwise one is generated and printed once
 *   npm run admin -- console-user disable|enable|remove --email <address>
 *   npm run admin -- console-user role --email <address> --role analyst|lead
 *   npm run admin -- console-user password --email <address>
 *       a new password (piped, or generated and printed once); every change but enable revokes every
 *       session of the user at once, and each is an audit entry in the user's tenant
 *   npm run admin -- console-audit verify [--tenant <id or name>]
 *       verifies the audit log's hash chain of a tenant (or of every tenant and of failed sign-ins of
 *       unknown addresses); exits 1 naming every problem (an edited entry, a gap, a deleted tail)
 *   npm run admin -- console backfill
 *       rows written before the console's later fields (queue entries without `waiting_in`); the console
 *       also runs it at start; idempotent
 */
import {
  backfillConsole,
  type ConsoleRole,
  consoleRoles,
  minConsolePasswordLength as MIN_PASSWORD,
  randomBase62,
  type Store,
  unknownTenant,
} from '@rv/store'
import { type AdminCommand, parseArgs } from './command'

async function readPipedPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
  return text.length > 0 ? text : undefined
}

/** A new password: piped (checked for length) or generated (printed once). */
async function newPassword(): Promise<{ password: string; generated: boolean }> {
  const piped = await readPipedPassword()
  if (piped !== undefined && piped.length < MIN_PASSWORD)
    throw new Error(`a console password has at least ${MIN_PASSWORD} characters`)
  return piped === undefined
    ? { password: randomBase62(20), generated: true }
    : { password: piped, generated: false }
}

/** The user named by `--email`, or an error naming the usage. */
async function namedUser(store: Store, args: string[], usage: string) {
  const { flags } = parseArgs(args)
  if (!flags.email) throw new Error(`usage: ${usage}`)
  const user = await store.consoleUsers.find(flags.email)
  if (!user) throw new Error(`no console user ${flags.email.trim().toLowerCase()}`)
  return { user, flags }
}

/** One administrative change of a user, applied and audited in the user's tenant. */
function userChange(
  usage: string,
  apply: (store: Store, email: string, flags: Record<string, string>) => Promise<Record<string, unknown>>,
): AdminCommand {
  return async (store, args) => {
    const { user, flags } = await namedUser(store, args, usage)
    const result = await apply(store, user._id, flags)
    const detail = `${usage.split(' ')[1]}${flags.role ? ` ${flags.role}` : ''} (admin CLI)`
    await store.audit.record({ tenantId: user.tenant_id, email: user._id, action: 'user-admin', detail })
    return JSON.stringify({ email: user._id, tenant_id: user.tenant_id, ...result })
  }
}

export const consoleCommands: Record<string, AdminCommand> = {
  'console-user disable': userChange('console-user disable --email <address>', async (store, email) => ({
    disabled: await store.consoleUsers.setDisabled(email, true),
  })),
  'console-user enable': userChange('console-user enable --email <address>', async (store, email) => ({
    enabled: await store.consoleUsers.setDisabled(email, false),
  })),
  'console-user remove': userChange('console-user remove --email <address>', async (store, email) => ({
    removed: await store.consoleUsers.remove(email),
  })),
  'console-user role': userChange(
    'console-user role --email <address> --role analyst|lead',
    async (store, email, flags) => {
      if (!consoleRoles.includes(flags.role as ConsoleRole))
        throw new Error(`role is one of ${consoleRoles.join(', ')}`)
      return { role: flags.role, changed: await store.consoleUsers.setRole(email, flags.role as ConsoleRole) }
    },
  ),
  'console-user password': userChange('console-user password --email <address>', async (store, email) => {
    const { password, generated } = await newPassword()
    await store.consoleUsers.setPassword(email, password)
    return generated ? { password } : { changed: true }
  }),
  'console-audit verify': async (store, args) => {
    const { flags } = parseArgs(args)
    let tenants: string[]
    if (flags.tenant) {
      const tenant = await store.tenants.findTenant(flags.tenant)
      if (!tenant) throw new Error(`no tenant ${flags.tenant}`)
      tenants = [tenant._id]
    } else tenants = [...(await store.tenants.listTenants()).map((t) => t._id), unknownTenant]
    const reports = []
    for (const id of tenants) reports.push(await store.audit.verify(id))
    const text = JSON.stringify({ ok: reports.every((r) => r.problems.length === 0), chains: reports })
    if (reports.some((r) => r.problems.length > 0)) throw new Error(text)
    return text
  },
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
    const { password, generated } = await newPassword()
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
      ...(generated ? { password } : {}),
    })
  },
}
