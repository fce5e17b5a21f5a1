/**
 * `--stored N` (and `--seed-volume`): N finished checks in the store before the measured run, so the figures
 * show whether the store's cost grows with its data. Each is a clone of one real check that went through the
 * pipeline (the warm-up), with its own id, tenant (round robin), time (spread over the day before) and replay
 * digests, in every collection the check touches. Written in bulk through the store (insertMany, unordered,
 * 1000 a batch, every collection of a batch at once, three batches in flight) or, on the native stack's
 * FerretDB, cloned inside its PostgreSQL (postgres-clone.ts), 50 000 checks a script, two at once, then
 * analysed.
 */
import { createHash } from 'node:crypto'
import type { Store } from '@rv/store'
import { newCheckId } from '../../../services/gateway/src/ulid'
import {
  analyze,
  cloneScript,
  inParallel,
  type PostgresTarget,
  runPsql,
  storedTexts,
  type TableTemplates,
  tableOf,
} from './postgres-clone'

/** Where one check lives, collection -> the field holding its id. */
const checkCollections: ReadonlyArray<[string, '_id' | 'check_id']> = [
  ['checks', '_id'],
  ['check_completions', '_id'],
  ['check_stages', 'check_id'],
  ['replay_checks', 'check_id'],
  ['replay_keys', 'check_id'],
  ['settlements', 'check_id'],
  ['review_queue', '_id'],
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
  /** How the documents were written: `insertMany` through the store, or `postgres` (cloned inside it). */
  via: 'insertMany' | 'postgres'
  /** Documents of one check per collection (the template's). */
  perCheck: Record<string, number>
}

/** What clone `i` of `count` replaces in the template check's documents, and how far back its dates move. */
function cloneOf(
  template: { checkId: string; tenantId: string },
  digests: readonly string[],
  tenantIds: readonly string[],
  count: number,
  now: number,
  i: number,
): { shiftMs: number; map: Map<string, string> } {
  const shiftMs = -Math.floor(((i + 1) / count) * 24 * 3600 * 1000)
  const id = newCheckId(now + shiftMs)
  const map = new Map<string, string>([
    [template.checkId, id],
    [template.tenantId, tenantIds[i % tenantIds.length] as string],
    // Replay digests are unique keys: every clone gets its own.
    ...digests.map((d): [string, string] => [d, createHash('sha256').update(`${id}:${d}`).digest('hex')]),
  ])
  return { shiftMs, map }
}

export async function seedStoredChecks(
  store: Store,
  template: { checkId: string; tenantId: string },
  count: number,
  tenantIds: readonly string[],
  progress: (done: number) => void = () => undefined,
  postgres?: PostgresTarget,
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
  const perCheck = Object.fromEntries([...originals].map(([name, docs]) => [name, docs.length]))
  const digests = (originals.get('replay_keys') ?? []).map((d) => String(d.digest))
  const now = Date.now()
  const cloneAt = (i: number) => cloneOf(template, digests, tenantIds, count, now, i)
  const documents = postgres
    ? await seedThroughPostgres(postgres, store, template.checkId, originals, count, cloneAt, progress)
    : await seedThroughStore(store, originals, count, cloneAt, progress)
  return {
    checks: count,
    documents,
    ms: performance.now() - started,
    via: postgres ? 'postgres' : 'insertMany',
    perCheck,
  }
}

type CloneAt = (i: number) => { shiftMs: number; map: Map<string, string> }

async function seedThroughStore(
  store: Store,
  originals: ReadonlyMap<string, Doc[]>,
  count: number,
  cloneAt: CloneAt,
  progress: (done: number) => void,
): Promise<number> {
  let documents = 0
  const seedBatch = async (from: number) => {
    const batch = new Map<string, Doc[]>(checkCollections.map(([name]) => [name, []]))
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const { shiftMs, map } = cloneAt(i)
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
  await inParallel(starts, IN_FLIGHT, async (from) => {
    await seedBatch(from)
    stored += Math.min(BATCH, count - from)
    progress(stored)
  })
  return documents
}

/** Every Date of a document tree, as milliseconds. */
function datesOf(value: unknown, into: Set<number>): Set<number> {
  if (value instanceof Date) into.add(value.getTime())
  else if (Array.isArray(value)) for (const v of value) datesOf(v, into)
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) datesOf(v, into)
  return into
}

/** Clones per psql script on the PostgreSQL path, and scripts at once (the server's cores). */
const PG_BATCH = 50_000
const PG_WORKERS = 2

/**
 * The same clones written inside FerretDB's PostgreSQL: its tables hold a date as its milliseconds, so a
 * clone's dates are its template's numbers replaced, beside its strings.
 */
async function seedThroughPostgres(
  target: PostgresTarget,
  store: Store,
  checkId: string,
  originals: ReadonlyMap<string, Doc[]>,
  count: number,
  cloneAt: CloneAt,
  progress: (done: number) => void,
): Promise<number> {
  const database = store.db.databaseName
  const tables: TableTemplates[] = []
  let perClone = 0
  for (const [name, field] of checkCollections) {
    if ((originals.get(name) ?? []).length === 0) continue
    const table = await tableOf(target, database, name)
    const templates = await storedTexts(target, table, field, checkId)
    tables.push({ table, templates })
    perClone += templates.length
  }
  const dates = [...datesOf([...originals.values()], new Set<number>())]
  const stringKeys = [...cloneAt(0).map.keys()]
  const keys = [...stringKeys, ...dates.map(String)]
  const starts: number[] = []
  for (let from = 0; from < count; from += PG_BATCH) starts.push(from)
  let stored = 0
  await inParallel(starts, PG_WORKERS, async (from) => {
    const values: string[][] = []
    for (let i = from; i < Math.min(count, from + PG_BATCH); i++) {
      const { shiftMs, map } = cloneAt(i)
      values.push([...stringKeys.map((k) => map.get(k) as string), ...dates.map((d) => String(d + shiftMs))])
    }
    await runPsql(target, cloneScript(tables, keys, values))
    stored += values.length
    progress(stored)
  })
  await analyze(
    target,
    tables.map((t) => t.table),
  )
  return perClone * count
}
