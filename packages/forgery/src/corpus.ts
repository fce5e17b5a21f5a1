/**
 * Reads a folder of genuine receipts (`<root>/<family>/*.pdf`) in place. Used by the fingerprint learner
 * and the benchmark; nothing read here is ever written anywhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface CorpusFile {
  family: string
  /** Path relative to the corpus root, for progress output only. */
  name: string
  path: string
  bytes: Uint8Array
}

/** `../shared/corpus/real` relative to the repository root. */
export const defaultCorpusRoot = fileURLToPath(new URL('../../../../shared/corpus/real', import.meta.url))

export function readCorpus(root: string = defaultCorpusRoot): Map<string, CorpusFile[]> {
  const out = new Map<string, CorpusFile[]>()
  if (!existsSync(root)) return out
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue
    const files = readdirSync(join(root, dir.name))
      .filter((f) => f.toLowerCase().endsWith('.pdf'))
      .sort()
      .map((f) => ({
        family: dir.name,
        name: f,
        path: join(root, dir.name, f),
        bytes: new Uint8Array(readFileSync(join(root, dir.name, f))),
      }))
    out.set(dir.name, files)
  }
  return out
}
