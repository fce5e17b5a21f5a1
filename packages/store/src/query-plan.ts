import type { Document } from 'mongodb'

/** What an `explain` of a find says about how the server answers it. */
export interface PlanVerdict {
  server: 'ferretdb-postgresql' | 'mongodb' | 'unknown'
  /** True when the query is answered from an index, with no full scan of the collection anywhere. */
  indexed: boolean
  /** The indexes the plan reads (PostgreSQL index names under FerretDB, index names under MongoDB). */
  indexes: string[]
  /** Why not indexed, in a line (the scan node, a filter FerretDB did not push down, an unknown shape). */
  reason?: string
}

type Node = Record<string, unknown>

function walk(node: unknown, children: (n: Node) => unknown[], visit: (n: Node) => void): void {
  if (typeof node !== 'object' || node === null) return
  visit(node as Node)
  for (const child of children(node as Node)) walk(child, children, visit)
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v])

/**
 * FerretDB v1 on PostgreSQL answers `explain` with `filterPushdown` (whether the filter became SQL) and
 * `queryPlanner.Plan`, PostgreSQL's own `EXPLAIN (FORMAT JSON)` tree ("Node Type", "Plans", "Index Name").
 * Indexed: the filter was pushed down and no node is a "Seq Scan". (Without pushdown FerretDB reads every
 * row and filters them itself; with it, a Seq Scan still reads every row.)
 */
function judgeFerretPostgres(explain: Document): PlanVerdict {
  const nodes: Node[] = []
  walk(
    explain.queryPlanner.Plan,
    (n) => asArray(n.Plans),
    (n) => nodes.push(n),
  )
  const indexes = nodes.flatMap((n) => (typeof n['Index Name'] === 'string' ? [n['Index Name']] : []))
  const scan = nodes.find((n) => n['Node Type'] === 'Seq Scan')
  const server = 'ferretdb-postgresql'
  if (explain.filterPushdown !== true)
    return { server, indexed: false, indexes, reason: 'FerretDB did not push the filter down to SQL' }
  if (scan) return { server, indexed: false, indexes, reason: `Seq Scan on ${String(scan['Relation Name'])}` }
  if (indexes.length === 0) return { server, indexed: false, indexes, reason: 'no index in the plan' }
  return { server, indexed: true, indexes }
}

/**
 * MongoDB: `queryPlanner.winningPlan` is a tree of stages (`inputStage`/`inputStages`; since 7.0 possibly
 * under `queryPlan`). Indexed: some stage reads an index (IXSCAN, IDHACK, the 8.0 EXPRESS_* stages,
 * COUNT_SCAN, DISTINCT_SCAN) and none is a COLLSCAN.
 */
function judgeMongo(explain: Document): PlanVerdict {
  const stages: Node[] = []
  const root = explain.queryPlanner.winningPlan
  walk(
    root.queryPlan ?? root,
    (n) => [...asArray(n.inputStage), ...asArray(n.inputStages)],
    (n) => stages.push(n),
  )
  const names = stages.map((s) => String(s.stage))
  const indexes = stages.flatMap((s) =>
    typeof s.indexName === 'string' ? [s.indexName] : /IDHACK/.test(String(s.stage)) ? ['_id_'] : [],
  )
  const server = 'mongodb'
  if (names.includes('COLLSCAN')) return { server, indexed: false, indexes, reason: 'COLLSCAN' }
  const readsIndex = names.some((n) => /IXSCAN|IDHACK|COUNT_SCAN|DISTINCT_SCAN/.test(n))
  if (!readsIndex)
    return { server, indexed: false, indexes, reason: `no index stage in ${names.join(' > ')}` }
  return { server, indexed: true, indexes }
}

/**
 * Judges the `explain` output of a find, from FerretDB v1 on PostgreSQL or from MongoDB. Anything else
 * (FerretDB's SQLite backend among them, which pushes down nothing but `_id`) is `unknown`, not indexed.
 *
 * @example
 * const verdict = judgeQueryPlan(await db.collection('checks').find({ _id: id }).explain())
 * if (!verdict.indexed) throw new Error(verdict.reason)
 */
export function judgeQueryPlan(explain: Document): PlanVerdict {
  if (explain?.queryPlanner?.Plan !== undefined) return judgeFerretPostgres(explain)
  if (explain?.queryPlanner?.winningPlan !== undefined) return judgeMongo(explain)
  return {
    server: 'unknown',
    indexed: false,
    indexes: [],
    reason: `explain shape not recognised (keys: ${Object.keys(explain?.queryPlanner ?? explain ?? {}).join(', ')})`,
  }
}
