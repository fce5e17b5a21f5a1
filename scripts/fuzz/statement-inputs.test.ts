import { parseCsvColumns, parseStatement, StatementError } from '@rv/core/settlement'
import { describe, expect, it } from 'vitest'
import { Prng } from './mutate'
import { csvColumns, encodeCp866, statementInput } from './statement-inputs'

const ctx = { key: 'k', readOnlyKey: 'r', otherTenantLineIds: ['o-1', 'o-2'], maxLines: 100, runId: 'run' }

/** The first inputs (by index) of each kind, over enough seeds to see every kind. */
function byKind() {
  const kinds = new Map<string, ReturnType<typeof statementInput>>()
  for (let i = 0; i < 2000; i++) {
    const req = statementInput(new Prng(i), ctx, i)
    if (!kinds.has(req.name)) kinds.set(req.name, req)
  }
  return kinds
}

const bytesOf = (body: unknown) =>
  typeof body === 'string' ? new TextEncoder().encode(body) : (body as Uint8Array)

function parse(req: ReturnType<typeof statementInput>) {
  const query = new URL(`http://x${req.path}`).searchParams
  const format = query.get('format') as '1c' | 'csv'
  return parseStatement(
    bytesOf(req.body),
    format,
    format === 'csv' ? { columns: parseCsvColumns(query.get('columns') ?? '') } : undefined,
  )
}

describe('statementInput', () => {
  const kinds = byKind()

  it('is the same request for the same seed and index', () => {
    expect(statementInput(new Prng(5), ctx, 5)).toEqual(statementInput(new Prng(5), ctx, 5))
  })

  it('makes every kind of hostile statement', () => {
    expect([...kinds.keys()].sort()).toEqual(
      expect.arrayContaining([
        '1c-windows-1251',
        '1c-cp866',
        'csv-valid',
        'csv-over-line-cap',
        'over-10-mib',
      ]),
    )
    expect(kinds.size).toBeGreaterThanOrEqual(30)
  })

  it('makes valid statements that core parses to lines of this run', () => {
    for (const name of ['1c-windows-1251', '1c-utf8', '1c-cp866', 'csv-valid', 'csv-formula-injection']) {
      const lines = parse(kinds.get(name) as ReturnType<typeof statementInput>)
      expect(lines.length, name).toBeGreaterThan(0)
      if (name.startsWith('csv')) for (const l of lines) expect(l.line_id).toMatch(/^run-s\d+-\d+$/)
    }
  })

  it('makes statements core refuses: a line twice, a bad line after good ones, a cut 1C file', () => {
    for (const name of ['csv-duplicated-line', 'csv-bad-line-after-good', '1c-duplicated-document'])
      expect(() => parse(kinds.get(name) as ReturnType<typeof statementInput>), name).toThrow(StatementError)
  })

  it('goes over the line cap and over 10 MiB', () => {
    expect(parse(kinds.get('csv-over-line-cap') as ReturnType<typeof statementInput>).length).toBeGreaterThan(
      ctx.maxLines,
    )
    expect(bytesOf(kinds.get('over-10-mib')?.body).length).toBeGreaterThan(10 * 2 ** 20)
  })

  it('posts the other tenant line ids as its own lines', () => {
    const ids = parse(kinds.get('other-tenant-line-ids') as ReturnType<typeof statementInput>).map(
      (l) => l.line_id,
    )
    expect(ids).toEqual(['o-1', 'o-2'])
  })

  it('writes the columns its CSVs map', () => {
    expect(Object.keys(parseCsvColumns(csvColumns))).toContain('payer_name')
  })
})

describe('encodeCp866', () => {
  it('round-trips Cyrillic through the ibm866 decoder', () => {
    const text = 'Кодировка=DOS Плательщик Ёлкин ёж'
    expect(new TextDecoder('ibm866').decode(encodeCp866(text))).toBe(text)
  })
})
