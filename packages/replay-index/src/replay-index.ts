/**
 * An embedded replay index for `verify --replay-index <dir>`: the same keys and the same judgement as the
 * replay service, without a database. Entries are appended to `<dir>/replay-index.jsonl` (one JSON line
 * per check: id, time, key digests — never personal data) under a lock file, and mirrored in memory. Each
 * registration first reads whatever other runs appended since, so concurrent runs see each other and the
 * file never has interleaved lines.
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs'
import { join } from 'node:path'
import type { ReplayCandidate, ReplayKeys } from '@rv/core'
import type { ReplayKey } from '@rv/schemas'
import { type LockOptions, withFileLock } from './file-lock'

interface Entry {
  check_id: string
  created_at: string
  keys: ReplayKeys
}

export interface ReplayIndex {
  /**
   * Records `checkId` with its keys and returns the earlier checks sharing any key (oldest first). A check
   * registered again (same id) is not its own candidate and is not stored twice.
   */
  register(input: { checkId: string; createdAt: string; keys: ReplayKeys }): Promise<ReplayCandidate[]>
  /** The checks sharing a key, without registering anything. */
  lookup(keys: ReplayKeys): Promise<ReplayCandidate[]>
  /** Number of checks in the index. */
  size(): number
  readonly file: string
}

const kinds: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

export function openReplayIndex(dir: string, lockOptions: LockOptions = {}): ReplayIndex {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'replay-index.jsonl')
  const lock = join(dir, 'replay-index.lock')
  const byCheck = new Map<string, Entry>()
  const byKey = new Map<string, Set<string>>()
  let offset = 0
  let partial = ''

  const add = (entry: Entry) => {
    if (byCheck.has(entry.check_id)) return
    byCheck.set(entry.check_id, entry)
    for (const kind of kinds) {
      const digest = entry.keys[kind]
      if (!digest) continue
      const id = `${kind}:${digest}`
      const set = byKey.get(id) ?? new Set<string>()
      set.add(entry.check_id)
      byKey.set(id, set)
    }
  }

  /** Reads lines appended since the last read (by this or another run). */
  const catchUp = () => {
    let fd: number
    try {
      fd = openSync(file, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    try {
      const size = fstatSync(fd).size
      if (size <= offset) return
      const buffer = Buffer.alloc(size - offset)
      readSync(fd, buffer, 0, buffer.length, offset)
      offset = size
      const lines = (partial + buffer.toString('utf8')).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) {
        if (line.trim() === '') continue
        try {
          add(JSON.parse(line) as Entry)
        } catch {
          // A torn line from a crashed run: skip it; the rest of the index stays usable.
        }
      }
    } finally {
      closeSync(fd)
    }
  }

  const candidates = (keys: ReplayKeys, self?: string): ReplayCandidate[] => {
    const ids = new Set<string>()
    for (const kind of kinds) {
      const digest = keys[kind]
      if (!digest) continue
      for (const id of byKey.get(`${kind}:${digest}`) ?? []) if (id !== self) ids.add(id)
    }
    return [...ids]
      .map((id) => byCheck.get(id)!)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
      .map((e) => ({ checkId: e.check_id, createdAt: e.created_at, keys: e.keys }))
  }

  catchUp()
  return {
    file,
    size: () => byCheck.size,
    async lookup(keys) {
      catchUp()
      return candidates(keys)
    },
    register(input) {
      return withFileLock(
        lock,
        () => {
          catchUp()
          const found = candidates(input.keys, input.checkId)
          if (!byCheck.has(input.checkId)) {
            const entry: Entry = { check_id: input.checkId, created_at: input.createdAt, keys: input.keys }
            // One write of one whole line, under the lock: no other run writes in between.
            appendFileSync(file, `${JSON.stringify(entry)}\n`, { flush: true })
            catchUp()
          }
          return found
        },
        lockOptions,
      )
    },
  }
}
