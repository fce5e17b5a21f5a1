/**
 * What every admin command file shares: the command's shape and the argument parser (`npm run admin`,
 * scripts/admin/admin.ts). Its own file so the command files import it and not each other.
 */
import type { FileStorage } from '@rv/storage'
import type { Store } from '@rv/store'

export type AdminCommand = (
  store: Store,
  args: string[],
  io: {
    storage: () => FileStorage
    /** The tenants whose decisions may teach the shared fingerprints (`LEARNING_TENANTS`; none when absent). */
    learningTenants?: readonly string[]
  },
) => Promise<string>

/** `--flag value` pairs and bare `--switch`es (listed in `switches`); the rest stay positional. */
export function parseArgs(
  args: string[],
  switches: readonly string[] = [],
): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = []
  const flags: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const name = arg.slice(2)
    if (switches.includes(name)) {
      flags[name] = 'true'
      continue
    }
    const value = args[i + 1]
    if (value === undefined) throw new Error(`${arg} needs a value`)
    flags[name] = value
    i++
  }
  return { positional, flags }
}
