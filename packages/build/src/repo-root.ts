import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root: this file is packages/build/src/repo-root.ts. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
