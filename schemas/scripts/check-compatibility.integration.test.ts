/**
 * Against the real registry (Apicurio's Confluent-compatible API, or Confluent's): BACKWARD compatibility
 * rejects breaking changes to a JSON Schema subject and accepts additive optional ones, and the gate
 * script reports the working tree's event schemas accordingly.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { checkAll, checkSubject, defaultRegistryUrl, workingTreeEventSchemas } from './check-compatibility'

const registryUrl = process.env['SCHEMA_REGISTRY_URL'] ?? defaultRegistryUrl
const contentType = 'application/vnd.schemaregistry.v1+json'
const prefix = `compat-${randomBytes(5).toString('hex')}.`
const subjects: string[] = []

async function call(
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${registryUrl}${path}`, {
    method,
    headers: { 'content-type': contentType, accept: contentType },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown> }
}

async function register(subject: string, schema: object) {
  if (!subjects.includes(subject)) subjects.push(subject)
  return call('POST', `/subjects/${encodeURIComponent(subject)}/versions`, {
    schemaType: 'JSON',
    schema: JSON.stringify(schema),
  })
}

afterAll(async () => {
  for (const subject of subjects) {
    await call('DELETE', `/subjects/${encodeURIComponent(subject)}`)
    await call('DELETE', `/subjects/${encodeURIComponent(subject)}?permanent=true`)
  }
})

// Draft-07, as everything we register (see to-draft-07.ts): Apicurio cannot compare 2020-12 schemas.
const v1 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Probe',
  type: 'object',
  additionalProperties: false,
  required: ['check_id', 'amount'],
  properties: { check_id: { type: 'string' }, amount: { type: 'number' } },
}

describe('registry compatibility under BACKWARD', () => {
  const subject = `${prefix}probe-value`

  it('registers v1 and pins the subject to BACKWARD', async () => {
    const created = await register(subject, v1)
    expect(created.status).toBe(200)
    expect(typeof created.body.id).toBe('number')
    const config = await call('PUT', `/config/${encodeURIComponent(subject)}`, { compatibility: 'BACKWARD' })
    expect(config.status).toBe(200)
    expect((await call('GET', `/config/${encodeURIComponent(subject)}`)).body.compatibilityLevel).toBe(
      'BACKWARD',
    )
  })

  it('rejects adding a new required property', async () => {
    const breaking = {
      ...v1,
      required: [...v1.required, 'currency'],
      properties: { ...v1.properties, currency: { type: 'string' } },
    }
    expect((await checkSubject(registryUrl, subject, breaking)).status).toBe('incompatible')
    expect((await register(subject, breaking)).status).toBe(409)
  })

  it('rejects removing a property (old records carry it, the closed new schema forbids it)', async () => {
    const breaking = { ...v1, required: ['check_id'], properties: { check_id: v1.properties.check_id } }
    expect((await checkSubject(registryUrl, subject, breaking)).status).toBe('incompatible')
    expect((await register(subject, breaking)).status).toBe(409)
  })

  it('rejects narrowing a type', async () => {
    const breaking = { ...v1, properties: { ...v1.properties, amount: { type: 'integer' } } }
    expect((await checkSubject(registryUrl, subject, breaking)).status).toBe('incompatible')
  })

  it('accepts an additive optional property and registers it as version 2', async () => {
    const additive = { ...v1, properties: { ...v1.properties, note: { type: 'string' } } }
    expect(await checkSubject(registryUrl, subject, additive)).toEqual({ subject, status: 'compatible' })
    expect((await register(subject, additive)).status).toBe(200)
    const versions = await call('GET', `/subjects/${encodeURIComponent(subject)}/versions`)
    expect(versions.body).toEqual([1, 2])
  })

  it('accepts widening a type and extending an enum; rejects tightening a pattern or dropping an enum value', async () => {
    const v2 = { ...v1, properties: { ...v1.properties, note: { type: 'string' } } }
    const withProperty = (name: string, schema: object) => ({
      ...v2,
      properties: { ...v2.properties, [name]: schema },
    })
    const check = (schema: object) => checkSubject(registryUrl, subject, schema).then((v) => v.status)
    expect(await check(withProperty('note', { type: ['string', 'null'] }))).toBe('compatible')
    expect(await check(withProperty('check_id', { type: 'string', pattern: '^chk_' }))).toBe('incompatible')
    const withEnum = withProperty('kind', { enum: ['a', 'b'] })
    expect((await register(subject, withEnum)).status).toBe(200)
    expect(await check(withProperty('kind', { enum: ['a', 'b', 'c'] }))).toBe('compatible')
    expect(await check(withProperty('kind', { enum: ['a'] }))).toBe('incompatible')
  })

  it('reports a subject with nothing registered as new', async () => {
    expect((await checkSubject(registryUrl, `${prefix}never-registered-value`, v1)).status).toBe(
      'new-subject',
    )
  })
})

describe('the gate over the working tree event schemas', () => {
  it('passes for freshly registered event schemas and flags a breaking edit of one of them', async () => {
    const schemas = workingTreeEventSchemas()
    expect([...schemas.keys()]).toContain('check.completed.v1')
    for (const [topic, schema] of schemas) {
      const subject = `${prefix}${topic}-value`
      expect((await register(subject, schema)).status).toBe(200)
      await call('PUT', `/config/${encodeURIComponent(subject)}`, { compatibility: 'BACKWARD' })
    }
    const verdicts = await checkAll(registryUrl, schemas, prefix)
    expect(verdicts.map((v) => v.status)).toEqual([...schemas.keys()].map(() => 'compatible'))

    const matched = schemas.get('check.matched.v1') as { required: string[]; properties: object }
    const edited = new Map(schemas)
    edited.set('check.matched.v1', {
      ...matched,
      required: [...matched.required, 'matched_at'],
      properties: { ...matched.properties, matched_at: { type: 'string' } },
    })
    const after = await checkAll(registryUrl, edited, prefix)
    expect(after.filter((v) => v.status === 'incompatible').map((v) => v.subject)).toEqual([
      `${prefix}check.matched.v1-value`,
    ])
  })
})
