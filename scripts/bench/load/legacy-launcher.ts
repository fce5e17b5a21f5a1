/**
 * `bench:load --compare` may name a ref from before the build step (packages/build): its services ran
 * through tsx then, so that is how they run on its side of the comparison (a measured "before" that is the
 * code as it ran). A checkout with a build step gets no launcher here: its bundles, as production runs them.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ServiceLauncher } from '../../../services/e2e/src/start-services'

export const tsxLauncher: ServiceLauncher = (name, nodeArgs, root) => [
  resolve(root, 'node_modules/.bin/tsx'),
  [...nodeArgs, resolve(root, `services/${name}/src/main.ts`)],
]

/** The launcher for a checkout: undefined (the bundles) when it has a build step, else tsx. */
export function launcherFor(root: string): ServiceLauncher | undefined {
  return existsSync(resolve(root, 'packages/build/package.json')) ? undefined : tsxLauncher
}
