import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkRecordSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import {
  getFieldKeys,
  getMatchKeys,
  postFieldKeys,
  postMatchKeys,
  toGetResponse,
  toPostResponse,
} from './api-projection'
import { exampleRecord } from './example-record'

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..')
const specPath = join(repoRoot, '..', 'shared', 'spec', 'receipt-verification-api.md')

/** Rows of the first markdown table under `### <heading>`: cells of each body row. */
function tableRows(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n')
  const start = lines.findIndex((l) => l.trim() === `### ${heading}`)
  if (start < 0) throw new Error(`heading not found: ${heading}`)
  const rows: string[][] = []
  let inTable = false
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) {
      inTable = true
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      )
    } else if (inTable) break
  }
  return rows.slice(2) // header and separator
}

const sorted = (xs: Iterable<string>) => [...xs].sort()

describe('api projection', () => {
  const record = exampleRecord()

  it('example record is valid against the check-record schema', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats.default(ajv)
    const validate = ajv.compile(checkRecordSchema)
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true)
  })

  it('POST returns every field and every match flag', () => {
    const body = toPostResponse(record)
    expect(sorted(Object.keys(body.fields))).toEqual(sorted(Object.keys(record.fields)))
    expect(sorted(Object.keys(body.match))).toEqual(sorted(Object.keys(record.match)))
    expect(body).toEqual(record)
  })

  it('GET leaves out bank, recipient_account, payment_reference, purpose and match.payment_reference', () => {
    const body = toGetResponse(record)
    for (const k of ['bank', 'recipient_account', 'payment_reference', 'purpose'])
      expect(body.fields).not.toHaveProperty(k)
    expect(body.match).not.toHaveProperty('payment_reference')
    expect(body.fields.amount).toBe(600)
    expect(body.match.amount).toBe(true)
  })

  it('never copies members that are not in the contract', () => {
    const polluted = { ...record, internal_note: 'x', fields: { ...record.fields, secret: 1 } } as never
    expect(toPostResponse(polluted)).not.toHaveProperty('internal_note')
    expect(toPostResponse(polluted).fields).not.toHaveProperty('secret')
    expect(toGetResponse(polluted).fields).not.toHaveProperty('secret')
  })

  it('does not share nested objects between the record and the GET body for fields', () => {
    const body = toGetResponse(record)
    expect(body.fields).not.toBe(record.fields)
    expect(body.match).not.toBe(record.match)
  })

  describe.skipIf(!existsSync(specPath))('key sets equal the spec tables', () => {
    const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : ''

    it('top level', () => {
      const keys = tableRows(spec, 'Check record, top level').map((r) => r[0]!)
      expect(sorted(Object.keys(toPostResponse(record)))).toEqual(sorted(keys))
      expect(sorted(Object.keys(toGetResponse(record)))).toEqual(sorted(keys))
    })

    it('fields (POST and GET columns)', () => {
      const rows = tableRows(spec, 'fields')
      const post = rows.filter((r) => r[2] === 'yes').map((r) => r[0]!)
      const get = rows.filter((r) => r[3] === 'yes').map((r) => r[0]!)
      expect(sorted(postFieldKeys)).toEqual(sorted(post))
      expect(sorted(getFieldKeys)).toEqual(sorted(get))
      expect(sorted(Object.keys(toPostResponse(record).fields))).toEqual(sorted(post))
      expect(sorted(Object.keys(toGetResponse(record).fields))).toEqual(sorted(get))
    })

    it('match (POST and GET columns)', () => {
      const rows = tableRows(spec, 'match')
      const post = rows.filter((r) => r[1] === 'yes').map((r) => r[0]!)
      const get = rows.filter((r) => r[2] === 'yes').map((r) => r[0]!)
      expect(sorted(postMatchKeys)).toEqual(sorted(post))
      expect(sorted(getMatchKeys)).toEqual(sorted(get))
      expect(sorted(Object.keys(toPostResponse(record).match))).toEqual(sorted(post))
      expect(sorted(Object.keys(toGetResponse(record).match))).toEqual(sorted(get))
    })
  })
})
