/**
 * A checkout of another commit made runnable without installing: its node_modules are the repository's,
 * linked, except the workspace packages (`@rv/*`), which must be the checkout's own — a plain symlink of
 * the whole node_modules would resolve `@rv/store` (a relative link `../../packages/store`) to the
 * repository's packages, not the checkout's, and the comparison would run one commit's services on the
 * other's libraries. So: a real node_modules directory; each entry an absolute link to the repository's,
 * but a relative link into the workspace (a scope holding one is a real directory too) is recreated as the
 * same relative link, now pointing into the checkout; each workspace's own node_modules (nested versions)
 * linked as a whole. Third-party dependencies are therefore the repository's install: refs whose
 * package-lock.json differs need their own `npm ci`.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'

/** A link inside node_modules that points back into the workspace (a workspace package). */
function isWorkspaceLink(path: string, nodeModules: string): boolean {
  if (!lstatSync(path).isSymbolicLink()) return false
  const target = readlinkSync(path)
  if (isAbsolute(target)) return false
  const into = relative(nodeModules, resolve(path, '..', target))
  return into.startsWith('..')
}

function linkEntries(from: string, to: string, nodeModules: string): void {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    const source = join(from, name)
    const dest = join(to, name)
    if (isWorkspaceLink(source, nodeModules)) symlinkSync(readlinkSync(source), dest)
    else if (
      name.startsWith('@') &&
      lstatSync(source).isDirectory() &&
      readdirSync(source).some((entry) => isWorkspaceLink(join(source, entry), nodeModules))
    )
      linkEntries(source, dest, nodeModules)
    else symlinkSync(source, dest)
  }
}

/** The workspace directories of package.json's `workspaces` (`dir` or `dir/*`). */
export function workspaceDirs(root: string): string[] {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces?: string[]
  }
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    if (!existsSync(join(root, parent))) return []
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`)
  })
}

/** Links `repo`'s node_modules into `checkout` (which has none yet). Returns the links made at the top. */
export function linkNodeModules(repo: string, checkout: string): void {
  const nodeModules = join(repo, 'node_modules')
  linkEntries(nodeModules, join(checkout, 'node_modules'), nodeModules)
  for (const dir of workspaceDirs(repo)) {
    const nested = join(repo, dir, 'node_modules')
    if (
      existsSync(nested) &&
      existsSync(join(checkout, dir)) &&
      !existsSync(join(checkout, dir, 'node_modules'))
    )
      symlinkSync(nested, join(checkout, dir, 'node_modules'))
  }
}
