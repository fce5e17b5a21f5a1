/**
 * The build a comparison side runs: `worktree` is this working tree as it is (uncommitted changes
 * included); any other ref is checked out (detached) into a git worktree under a temporary directory with
 * the repository's node_modules linked in (checkout-node-modules.ts), and removed again afterwards.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from '../../../services/e2e/src/start-services'
import { linkNodeModules } from './checkout-node-modules'

export interface Checkout {
  /** Where its services start from (start-services' `root`). */
  root: string
  /** The ref as given and what it resolved to, for the report. */
  describe: string
  /** ms to check out and link (0 for the working tree). */
  setupMs: number
  remove(): void
}

function git(args: string[], cwd = repoRoot): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

export function prepareCheckout(ref: string, label: string): Checkout {
  if (ref === 'worktree') {
    const changed = git(['status', '--porcelain']).split('\n').filter(Boolean).length
    return {
      root: repoRoot,
      describe: `worktree (${git(['rev-parse', '--short', 'HEAD'])}, ${changed} file(s) changed)`,
      setupMs: 0,
      remove: () => undefined,
    }
  }
  const started = performance.now()
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`])
  const base = mkdtempSync(join(tmpdir(), 'rv-compare-'))
  const root = join(base, label)
  git(['worktree', 'add', '--detach', '--quiet', root, commit])
  try {
    linkNodeModules(repoRoot, root)
  } catch (error) {
    git(['worktree', 'remove', '--force', root])
    throw error
  }
  return {
    root,
    describe: `${ref} (${commit.slice(0, 9)})`,
    setupMs: performance.now() - started,
    remove: () => {
      git(['worktree', 'remove', '--force', root])
      rmSync(base, { recursive: true, force: true })
    },
  }
}
