/**
 * Bulk seeding through FerretDB's PostgreSQL backend, for volumes the wire protocol cannot seed in a session
 * (`--seed-volume`: 1 M checks are 11 M documents; FerretDB inserts about 1 300 a second on two cores, so
 * about 2.5 hours). The rows are cloned inside PostgreSQL: a template document's stored JSON (FerretDB's own
 * encoding, read back from its table) with its top-level fields replaced per clone — ids, tenants, digests,
 * dates — inserted by one `INSERT … SELECT` per template from a `COPY` of the clones' values. Nested values
 * stay the template's (a seeded check's record keeps its template's id): the store's indexes and the
 * pipeline's queries read top-level fields. The table's own indexes
 * (FerretDB's and the stack's GIN ones) are maintained by PostgreSQL as for any insert, so what the store
 * then serves is what FerretDB would have written. Talks to the server with the stack's `psql`
 * (`STACK_PSQL`, `STACK_POSTGRES_URL` from `deploy/native/stack.sh env`); without them the seeders insert
 * through the store (`insertMany`), as on a real MongoDB.
 */
import { spawn } from 'node:child_process'
import type { StackConfig } from '@rv/testing'

/** The psql binary and FerretDB's PostgreSQL database: the stack's `postgres` (`STACK_PSQL`, `STACK_POSTGRES_URL`). */
export type PostgresTarget = NonNullable<StackConfig['postgres']>

/** Runs a psql script (read from stdin, stops at the first error); its unaligned, tuples-only output. */
export function runPsql(target: PostgresTarget, script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      target.psql,
      [target.url, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-f', '-'],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => err.push(c))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'))
      else
        reject(new Error(`psql exited with ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 2000)}`))
    })
    child.stdin.end(script)
  })
}

/** A SQL string literal. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/** A quoted SQL identifier. */
export function sqlIdent(value: string): string {
  return `"${value.replaceAll('"', '""')}"`
}

/** A value in COPY's text format. */
export function copyValue(value: string): string {
  return value.replace(
    /[\\\t\n\r]/g,
    (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] as string,
  )
}

/** `"schema"."table"` of a FerretDB collection (its database's metadata table names the table). */
export async function tableOf(target: PostgresTarget, database: string, collection: string): Promise<string> {
  const table = (
    await runPsql(
      target,
      `SELECT _jsonb->>'table' FROM ${sqlIdent(database)}._ferretdb_database_metadata WHERE _jsonb->>'_id' = ${sqlString(collection)};`,
    )
  ).trim()
  if (!table) throw new Error(`FerretDB has no table for ${database}.${collection}`)
  return `${sqlIdent(database)}.${sqlIdent(table)}`
}

/** The stored JSON text of the documents whose `field` (a string) is `value`. */
export async function storedTexts(
  target: PostgresTarget,
  table: string,
  field: string,
  value: string,
): Promise<string[]> {
  const rows = await runPsql(
    target,
    `SELECT _jsonb::text FROM ${table} WHERE _jsonb->${sqlString(field)} = to_jsonb(${sqlString(value)}::text);`,
  )
  return rows.split('\n').filter((line) => line.length > 0)
}

/** The templates of one table: stored JSON texts read back with `storedTexts`. */
export interface TableTemplates {
  table: string
  templates: readonly string[]
}

/**
 * A template's top-level fields that differ per clone, as SQL over the clone's values: a string holding a
 * key is that string with the keys replaced, a number equal to a key (a date's milliseconds) is the value's
 * number. Nested values stay the template's (the record inside a check keeps its template's id).
 */
export function cloneFields(template: string, keys: readonly string[]): string[] {
  const doc = JSON.parse(template) as Record<string, unknown>
  const fields: string[] = []
  for (const [name, value] of Object.entries(doc)) {
    if (name === '$s') continue
    if (typeof value === 'string') {
      let expression = sqlString(value)
      keys.forEach((key, i) => {
        if (value.includes(key)) expression = `replace(${expression}, ${sqlString(key)}, v${i})`
      })
      if (expression !== sqlString(value)) fields.push(`${sqlString(name)}, to_jsonb(${expression})`)
    } else if (typeof value === 'number') {
      const i = keys.indexOf(String(value))
      if (i >= 0) fields.push(`${sqlString(name)}, to_jsonb(v${i}::bigint)`)
    }
  }
  return fields
}

/** The template's whole text with every key it holds replaced, parsed per row: exact, and dear for big documents. */
function wholeTextClone(template: string, keys: readonly string[]): string {
  let expression = `$tpl$${template}$tpl$`
  keys.forEach((key, i) => {
    if (template.includes(key)) expression = `replace(${expression}, ${sqlString(key)}, v${i})`
  })
  return `(${expression})::jsonb`
}

/** The template's stored jsonb, parsed once, merged (`||`) per row with its top-level fields rewritten. */
function topLevelClone(template: string, keys: readonly string[]): string {
  return `$tpl$${template}$tpl$::jsonb || jsonb_build_object(${cloneFields(template, keys).join(', ')})`
}

/**
 * The script that inserts, for each row of `values`, each template with `keys[i]` replaced by the row's
 * i-th value: in its `top-level` fields only (`cloneFields`; a 40 KB check is then not parsed once per
 * clone, a tenth of the cost), or in its `whole` text (small documents, every nested copy replaced too;
 * a key may carry its JSON context, `"amount": 100`). New values are compressed with lz4.
 */
export function cloneScript(
  tables: readonly TableTemplates[],
  keys: readonly string[],
  values: readonly (readonly string[])[],
  scope: 'top-level' | 'whole' = 'top-level',
): string {
  const columns = keys.map((_, i) => `v${i}`)
  const lines = [
    'SET default_toast_compression = lz4;',
    `CREATE TEMP TABLE clone_values (${columns.map((c) => `${c} text`).join(', ')});`,
    'COPY clone_values FROM STDIN;',
    ...values.map((row) => row.map(copyValue).join('\t')),
    '\\.',
  ]
  for (const { table, templates } of tables)
    for (const template of templates) {
      if (template.includes('$tpl$')) throw new Error('a template holds the quote $tpl$')
      const row = scope === 'whole' ? wholeTextClone(template, keys) : topLevelClone(template, keys)
      lines.push(`INSERT INTO ${table} (_jsonb) SELECT ${row} FROM clone_values;`)
    }
  return `${lines.join('\n')}\n`
}

/** ANALYZE the tables a bulk load filled, as autovacuum would have by the time a store grew that large. */
export async function analyze(target: PostgresTarget, tables: readonly string[]): Promise<void> {
  await runPsql(target, `${tables.map((table) => `ANALYZE ${table};`).join('\n')}\n`)
}

/** Runs `work` for each item, `concurrency` at a time, in order of start. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}
