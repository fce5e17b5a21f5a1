/**
 * Every result-topic event a downstream subscriber or a webhook receiver gets carries the same optional
 * `signature` beside its payload (docs/signed-records.md): optional, so a reader of the released version
 * stays compatible (released-baseline.integration.test.ts asks the registry); and the same definition as
 * the completed event's, which this test holds the other two to.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleSchema } from './bundle-schema'

const eventsDir = join(import.meta.dirname, '..', 'json', 'events')
const signedTopics = ['check.completed.v1', 'check.settlement-changed.v1', 'check.reviewed.v1']

const bundled = (topic: string) =>
  bundleSchema(join(eventsDir, `${topic}.schema.json`)) as {
    properties: Record<string, { type?: string; pattern?: string }>
    required: string[]
  }

describe('signed result-topic events', () => {
  const completed = bundled('check.completed.v1').properties['signature']

  for (const topic of signedTopics)
    it(`${topic} carries an optional detached JWS as \`signature\``, () => {
      const schema = bundled(topic)
      const { type, pattern } = schema.properties['signature'] ?? {}
      expect({ type, pattern }).toEqual({ type: 'string', pattern: completed?.pattern })
      expect(pattern).toBe('^[A-Za-z0-9_-]+\\.\\.[A-Za-z0-9_-]+$')
      expect(schema.required).not.toContain('signature')
    })
})
