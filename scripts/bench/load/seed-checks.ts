/**
 * `--stored N`: N finished checks in the store before the measured run, so the figures show whether the
 * store's cost grows with its data. Each is a clone of one real check that went through the pipeline (the
 * warm-up), with its own id, tenant (round robin), time (spread over the day before) and replay digests,
 * in every collection the check touches, written in bulk (insertMany, unordered, 1000 a batch, every
 * collection of a batch at once, three batches in flight).
 */
import { createHash } from 'node:crypto'
import type { Store } from '@rv/store'
import { newCheckId } from '../../../services/gateway/src/ulid'

/** Where one check lives, collection -> the field holding its id. */
const checkCollections: ReadonlyArray<[string, '_id' | 'check_id']> = [
  ['checks', '_id'],
  ['check_completions', '_id'],
  ['check_stages', 'check_id'],
  ['replay_checks', 'check_id'],
  ['replay_keys', 'check_id'],
]

const BATCH = 1000
/** Batches in flight at once. */
const IN_FLIGHT = 3

type Doc = Record<string, unknown>

/** Replaces every occurrence of each key of `map` inside every string of a document tree. */
export function replaceStrings(value: unknown, map: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    let out = value
    for (const [from, to] of map) if (out.includes(from)) out = out.split(from).join(to)
    return out
  }
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, map))
  if (value instanceof Date || value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, map)]))
}

/** Moves every Date of a document tree by `shiftMs`. */
function shiftDates(value: unknown, shiftMs: number): unknown {
  if (value instanceof Date) return new Date(value.getTime() + shiftMs)
  if (Array.isArray(value)) return value.map((v) => shiftDates(v, shiftMs))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftDates(v, shiftMs)]))
}

export interface SeedReport {
  checks: number
  documents: number
  ms: number
}

export async function seedStoredChecks(
  store: Store,
  template: { checkId: string; tenantId: string },
  count: number,
  tenantIds: readonly string[],
  progress: (done: number) => void = () => undefined,
): Promise<SeedReport> {
  const started = performance.now()
  const originals = new Map<string, Doc[]>()
  for (const [name, field] of checkCollections)
    originals.set(
      name,
      (await store.db
        .collection(name)
        .find({ [field]: template.checkId })
        .toArray()) as Doc[],
    )
  // Replay digests are unique keys: every clone gets its own.
  const digests = (originals.get('replay_keys') ?? []).map((d) => String(d.digest))
  const now = Date.now()
  let documents = 0
  const seedBatch = async (from: number) => {
    const batch = new Map<string, Doc[]>(checkCollections.map(([name]) => [name, []]))
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const shiftMs = -Math.floor(((i + 1) / count) * 24 * 3600 * 1000)
      const id = newCheckId(now + shiftMs)
      const map = new Map<string, string>([
        [template.checkId, id],
        [template.tenantId, tenantIds[i % tenantIds.length] as string],
        ...digests.map((d): [string, string] => [d, createHash('sha256').update(`${id}:${d}`).digest('hex')]),
      ])
      for (const [name, docs] of originals)
        for (const doc of docs) batch.get(name)?.push(shiftDates(replaceStrings(doc, map), shiftMs) as Doc)
    }
    // Every collection of a batch at once: the server's inserts overlap with each other and with encoding.
    await Promise.all(
      [...batch].map(async ([name, docs]) => {
        if (docs.length === 0) return
        await store.db.collection(name).insertMany(docs as never[], { ordered: false })
        documents += docs.length
      }),
    )
  }
  const starts: number[] = []
  for (let from = 0; from < count; from += BATCH) starts.push(from)
  let stored = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let from = starts.shift(); from !== undefined; from = starts.shift()) {
        await seedBatch(from)
        stored += Math.min(BATCH, count - from)
        progress(stored)
      }
    }),
  )
  return { checks: count, documents, ms: performance.now() - started }
}
