/**
 * The CI gate against breaking schema changes: every released event schema (schemas/released) is registered
 * under a fresh subject in the real registry, and the working tree's schema must be accepted as its next
 * version under BACKWARD. A fresh registry has nothing to compare with, so the baseline is committed.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { checkSubject, defaultRegistryUrl, workingTreeEventSchemas } from './check-compatibility'
import { releasedEventSchemas } from './release-baseline'

const registryUrl = process.env['SCHEMA_REGISTRY_URL'] ?? defaultRegistryUrl
const contentType = 'application/vnd.schemaregistry.v1+json'
const prefix = `baseline-${randomBytes(5).toString('hex')}.`
const created: string[] = []

async function call(method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${registryUrl}${path}`, {
    method,
    headers: { 'content-type': contentType, accept: contentType },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

afterAll(async () => {
  for (const subject of created) {
    await call('DELETE', `/subjects/${encodeURIComponent(subject)}`)
    await call('DELETE', `/subjects/${encodeURIComponent(subject)}?permanent=true`)
  }
})

describe('working-tree event schemas vs the released baseline', () => {
  const released = releasedEventSchemas()
  const current = workingTreeEventSchemas()

  it('keeps every released topic', () => {
    expect([...current.keys()]).toEqual(expect.arrayContaining([...released.keys()]))
  })

  for (const [topic, baseline] of released) {
    it(`${topic} is BACKWARD compatible with its released version`, async () => {
      const subject = `${prefix}${topic}-value`
      const registered = await call('POST', `/subjects/${encodeURIComponent(subject)}/versions`, {
        schemaType: 'JSON',
        schema: JSON.stringify(baseline),
      })
      expect(registered.status).toBe(200)
      created.push(subject)
      await call('PUT', `/config/${encodeURIComponent(subject)}`, { compatibility: 'BACKWARD' })
      const schema = current.get(topic)
      expect(schema).toBeDefined()
      const verdict = await checkSubject(registryUrl, subject, schema as object)
      expect(verdict).toEqual({ subject, status: 'compatible' })
    })
  }
})
