/**
 * schemas/asyncapi.yaml parses and validates with the AsyncAPI parser (spec + Spectral rules, external
 * payload references resolved), and agrees with the generated topic list and bundled schemas.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DiagnosticSeverity, fromFile, Parser } from '@asyncapi/parser'
import { describe, expect, it } from 'vitest'
import { eventSchemas, eventTopics } from './generated/events'

const path = join(import.meta.dirname, '..', 'asyncapi.yaml')
const parser = new Parser()
const blocking = (d: { severity: DiagnosticSeverity }) =>
  d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning

/** Parser annotations added to schemas; not part of the document. */
function withoutParserKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutParserKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith('x-parser-'))
      .map(([k, v]) => [k, withoutParserKeys(v)]),
  )
}

describe('asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3.0 document whose event payloads are the registered schemas', async () => {
    const { document, diagnostics } = await fromFile(parser, path).parse()
    expect(diagnostics.filter(blocking).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual(
      [],
    )
    if (!document) throw new Error('no document')
    expect(document.version()).toBe('3.0.0')

    const channels = document.channels().all()
    expect(channels.map((c) => c.address()).sort()).toEqual([...eventTopics, 'check.dead-letter.v1'].sort())
    for (const channel of channels) {
      const [message, ...more] = channel.messages().all()
      expect(more).toEqual([])
      const key = message?.bindings().get('kafka')?.value()?.key as { pattern?: string } | undefined
      // Credits are keyed by tenant (a tenant's credits in order); everything else by check id.
      expect(key?.pattern).toBe(
        channel.address() === 'credit.received.v1' ? '^[0-9A-Za-z_-]{1,64}$' : '^chk_[0-9A-Za-z]{10,40}$',
      )
      const topic = channel.address() as (typeof eventTopics)[number]
      if (!eventTopics.includes(topic)) continue
      // A multi-format payload: the schema sits under `schema`, declared draft-07 by `schemaFormat`.
      const payload = message?.payload()?.json() as { schemaFormat?: string; schema?: unknown } | undefined
      expect(payload?.schemaFormat).toBe('application/schema+json;version=draft-07')
      expect(withoutParserKeys(payload?.schema)).toEqual(eventSchemas[topic])
    }
    const dead = channels
      .find((c) => c.address() === 'check.dead-letter.v1')
      ?.messages()
      .all()[0]
    expect(dead?.headers()?.required()).toEqual([
      'x-original-topic',
      'x-original-partition',
      'x-original-offset',
      'x-error-code',
      'x-error-message',
      'x-attempts',
      'x-failed-stage',
    ])
    // Every channel has a sender and at least one receiver.
    for (const channel of channels) {
      const actions = channel
        .operations()
        .all()
        .map((o) => o.action())
      expect(actions).toContain('send')
      if (channel.address() !== 'check.dead-letter.v1') expect(actions).toContain('receive')
    }
  }, 60_000)

  it('is checked for real: a broken copy is reported', async () => {
    const broken = readFileSync(path, 'utf8').replace('action: send', 'action: publish')
    const { diagnostics } = await parser.parse(broken, { source: path })
    expect(diagnostics.filter(blocking).length).toBeGreaterThan(0)
  }, 60_000)
})
