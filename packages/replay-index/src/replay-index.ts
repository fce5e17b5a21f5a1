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

/** The index as this run knows it: every entry read so far, by check and by key, and how far the file was read. */
interface IndexState {
  file: string
  byCheck: Map<string, Entry>
  /** `<kind>:<digest>` -> the checks with that key. */
  byKey: Map<string, Set<string>>
  /** Bytes of the file read so far. */
  offset: number
  /** The last, unfinished line read (completed by a later read). */
  partial: string
}

export function openReplayIndex(dir: string, lockOptions: LockOptions = {}): ReplayIndex {
  mkdirSync(dir, { recursive: true })
  const lock = join(dir, 'replay-index.lock')
  const state: IndexState = {
    file: join(dir, 'replay-index.jsonl'),
    byCheck: new Map(),
    byKey: new Map(),
    offset: 0,
    partial: '',
  }
  catchUp(state)
  return {
    file: state.file,
    size: () => state.byCheck.size,
    async lookup(keys) {
      catchUp(state)
      return candidates(state, keys)
    },
    register(input) {
      return withFileLock(lock, () => registerLocked(state, input), lockOptions)
    },
  }
}

function addEntry(state: IndexState, entry: Entry): void {
  if (state.byCheck.has(entry.check_id)) return
  state.byCheck.set(entry.check_id, entry)
  for (const kind of kinds) {
    const digest = entry.keys[kind]
    if (!digest) continue
    const id = `${kind}:${digest}`
    const set = state.byKey.get(id) ?? new Set<string>()
    set.add(entry.check_id)
    state.byKey.set(id, set)
  }
}

/** Reads lines appended since the last read (by this or another run). */
function catchUp(state: IndexState): void {
  let fd: number
  try {
    fd = openSync(state.file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    const size = fstatSync(fd).size
    if (size <= state.offset) return
    const buffer = Buffer.alloc(size - state.offset)
    readSync(fd, buffer, 0, buffer.length, state.offset)
    state.offset = size
    const lines = (state.partial + buffer.toString('utf8')).split('\n')
    state.partial = lines.pop() ?? ''
    for (const line of lines) {
      if (line.trim() === '') continue
      try {
        addEntry(state, JSON.parse(line) as Entry)
      } catch {
        // A torn line from a crashed run: skip it; the rest of the index stays usable.
      }
    }
  } finally {
    closeSync(fd)
  }
}

/** The checks sharing any of `keys` (but `self`), oldest first. */
function candidates(state: IndexState, keys: ReplayKeys, self?: string): ReplayCandidate[] {
  const ids = new Set<string>()
  for (const kind of kinds) {
    const digest = keys[kind]
    if (!digest) continue
    for (const id of state.byKey.get(`${kind}:${digest}`) ?? []) if (id !== self) ids.add(id)
  }
  return [...ids]
    .map((id) => state.byCheck.get(id)!)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
    .map((e) => ({ checkId: e.check_id, createdAt: e.created_at, keys: e.keys }))
}

/** Under the lock: catches up, finds the candidates, appends the check unless it is there already. */
function registerLocked(
  state: IndexState,
  input: { checkId: string; createdAt: string; keys: ReplayKeys },
): ReplayCandidate[] {
  catchUp(state)
  const found = candidates(state, input.keys, input.checkId)
  if (!state.byCheck.has(input.checkId)) {
    const entry: Entry = { check_id: input.checkId, created_at: input.createdAt, keys: input.keys }
    // One write of one whole line, under the lock: no other run writes in between.
    appendFileSync(state.file, `${JSON.stringify(entry)}\n`, { flush: true })
    catchUp(state)
  }
  return found
}
