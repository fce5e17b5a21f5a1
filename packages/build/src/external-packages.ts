import { isBuiltin } from 'node:module'
import type { Plugin } from 'esbuild'

const probe = Symbol('external-packages probe')

/**
 * Keeps third-party packages out of the bundle (node loads them from node_modules at run time) and bundles
 * the workspace's own `@rv/*` TypeScript. A package is left external only when node, starting from the
 * service's folder (where `dist/main.js` runs), finds the same file the importing source would: a version
 * installed only under one workspace package's own node_modules is bundled instead of being silently
 * swapped for another (or not found).
 */
export function externalPackages(serviceDir: string): Plugin {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === probe || args.path.startsWith('@rv/')) return undefined
        if (isBuiltin(args.path)) return { path: args.path, external: true }
        const options = { kind: args.kind, pluginData: probe }
        const fromSource = await build.resolve(args.path, { ...options, resolveDir: args.resolveDir })
        if (fromSource.errors.length > 0 || fromSource.external) return undefined
        const fromService = await build.resolve(args.path, { ...options, resolveDir: serviceDir })
        return fromService.errors.length === 0 && fromService.path === fromSource.path
          ? { path: args.path, external: true }
          : undefined
      })
    },
  }
}
