/**
 * Compatibility gate: checks every event schema of the working tree (bundled from schemas/json/events, so
 * no regeneration is needed first) against the latest version registered for its subject, through the
 * Confluent-compatible API, under the subject's compatibility rule (BACKWARD for our subjects).
 *
 *   SCHEMA_REGISTRY_URL=http://127.0.0.1:18081/apis/ccompat/v7 npx tsx schemas/scripts/check-compatibility.ts [--prefix p]
 *
 * Exit 0: every schema is compatible (or its subject is new); 1: at least one is incompatible;
 * 2: the registry could not answer.
 */
import { readdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { bundleForRegistry } from './to-draft-07'

export const defaultRegistryUrl = 'http://127.0.0.1:18081/apis/ccompat/v7'
const contentType = 'application/vnd.schemaregistry.v1+json'

export type CompatibilityVerdict =
  | { subject: string; status: 'compatible' | 'new-subject' }
  | { subject: string; status: 'incompatible'; messages: string[] }

export class RegistryRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'RegistryRequestError'
  }
}

/** Asks the registry whether `schema` may become the next version of `subject`. */
export async function checkSubject(
  registryUrl: string,
  subject: string,
  schema: object,
): Promise<CompatibilityVerdict> {
  const base = `${registryUrl.replace(/\/$/, '')}/subjects/${encodeURIComponent(subject)}`
  // Asked first because registries differ for an unknown subject: Confluent answers the compatibility
  // call with 404, Apicurio with is_compatible=true.
  const latest = await request(`${base}/versions/latest`, { method: 'GET' }, registryUrl)
  if (latest.status === 404) return { subject, status: 'new-subject' }
  if (!latest.ok)
    throw new RegistryRequestError(`reading ${subject} failed: HTTP ${latest.status}`, latest.status)
  const url = `${registryUrl.replace(/\/$/, '')}/compatibility/subjects/${encodeURIComponent(subject)}/versions/latest?verbose=true`
  const response = await request(
    url,
    { method: 'POST', body: JSON.stringify({ schemaType: 'JSON', schema: JSON.stringify(schema) }) },
    registryUrl,
  )
  const body = (await response.json().catch(() => ({}))) as {
    is_compatible?: boolean
    messages?: string[]
    message?: string
  }
  if (!response.ok || typeof body.is_compatible !== 'boolean') {
    throw new RegistryRequestError(
      `compatibility check of ${subject} failed: HTTP ${response.status} ${body.message ?? ''}`.trim(),
      response.status,
    )
  }
  return body.is_compatible
    ? { subject, status: 'compatible' }
    : { subject, status: 'incompatible', messages: body.messages ?? [] }
}

async function request(url: string, init: RequestInit, registryUrl: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, headers: { 'content-type': contentType, accept: contentType } })
  } catch (error) {
    throw new RegistryRequestError(`registry unreachable at ${registryUrl}: ${(error as Error).message}`)
  }
}

/** Topic -> standalone schema for every event schema file in `eventsDir`. */
export function workingTreeEventSchemas(
  eventsDir = join(import.meta.dirname, '..', 'json', 'events'),
): Map<string, object> {
  const out = new Map<string, object>()
  for (const file of readdirSync(eventsDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    out.set(basename(file, '.schema.json'), bundleForRegistry(join(eventsDir, file)))
  }
  return out
}

export async function checkAll(
  registryUrl: string,
  schemas: ReadonlyMap<string, object>,
  prefix = '',
): Promise<CompatibilityVerdict[]> {
  const verdicts: CompatibilityVerdict[] = []
  for (const [topic, schema] of schemas)
    verdicts.push(await checkSubject(registryUrl, `${prefix}${topic}-value`, schema))
  return verdicts
}

async function main(): Promise<void> {
  const registryUrl = process.env['SCHEMA_REGISTRY_URL'] ?? defaultRegistryUrl
  const prefixAt = process.argv.indexOf('--prefix')
  const prefix = prefixAt === -1 ? '' : (process.argv[prefixAt + 1] ?? '')
  let verdicts: CompatibilityVerdict[]
  try {
    verdicts = await checkAll(registryUrl, workingTreeEventSchemas(), prefix)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  for (const v of verdicts) {
    console.log(`${v.status.padEnd(13)} ${v.subject}`)
    if (v.status === 'incompatible') for (const m of v.messages) console.log(`  ${m}`)
  }
  const bad = verdicts.filter((v) => v.status === 'incompatible')
  if (bad.length > 0) {
    console.error(`${bad.length} event schema(s) are not compatible with their registered versions`)
    process.exit(1)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main()
