import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { zlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { appendUpdate, buildPdf, simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { CheckError } from '../../../vocabulary/error-codes'
import { defaultPdfLimits } from '../../../vocabulary/pdf-model'
import { parsePdfStructure } from './parse-structure'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const realRoot = join(repoRoot, '../shared/corpus/real')

function codeOf(fn: () => unknown): string | null {
  try {
    fn()
    return null
  } catch (e) {
    return e instanceof CheckError ? e.code : `not a CheckError: ${String(e)}`
  }
}

describe('parsePdfStructure on constructed files', () => {
  it('reads header, single revision, trailer, info, page, fonts and content', () => {
    const pdf = simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi) Tj [(A) -21.42857 (B)] TJ ET', {
      info: "<< /Producer (test) /Title <FEFF04270435043A> /CreationDate (D:20260101120000+03'00') >>",
    })
    const s = parsePdfStructure(pdf)
    expect(s.headerVersion).toBe('1.4')
    expect(s.revisions).toHaveLength(1)
    expect(s.xrefKind).toBe('table')
    expect(s.xrefReconstructed).toBe(false)
    expect(s.eofMarkers).toBe(1)
    expect(s.nonWhitespaceAfterEof).toBe(0)
    expect(s.trailer.id).toEqual(['0a0b', '0a0b'])
    expect(s.info['Title']).toBe('Чек')
    expect(s.info['CreationDate']).toBe("D:20260101120000+03'00'")
    expect(s.pageCount).toBe(1)
    expect(s.pages[0]!.width).toBe(200)
    expect(s.pages[0]!.fonts[0]!.name).toBe('Helvetica')
    expect(s.pages[0]!.operations.map((o) => o.op)).toEqual(['BT', 'Tf', 'Tm', 'Tj', 'TJ', 'ET'])
    const tj = s.pages[0]!.operations[4]!.operands[0] as unknown[]
    expect(tj[1]).toBeCloseTo(-21.42857)
    expect(s.pages[0]!.numberDecimals[5]).toBe(1)
    const tjOp = s.pages[0]!.operations[3]!
    // `BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi) Tj`: the Tj operation spans `(Hi) Tj`
    expect([tjOp.start, tjOp.end]).toEqual([30, 37])
    expect(s.streams[0]!.zlib?.header).toBe('789c')
    expect(s.objects.map((o) => o.num)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('walks the /Prev chain of an incremental update', () => {
    const base = simplePagePdf('BT /F1 12 Tf (A) Tj ET')
    const updated = appendUpdate(
      base,
      [{ num: 6, body: '<< /Producer (editor) >>' }],
      '/Size 7 /Root 1 0 R /Info 6 0 R',
    )
    const s = parsePdfStructure(updated)
    expect(s.revisions).toHaveLength(2)
    expect(s.revisions[1]!.prev).toBe(s.revisions[0]!.xrefOffset)
    expect(s.eofMarkers).toBe(2)
    expect(s.info['Producer']).toBe('editor')
    // The newest section's bytes: the update's own table, one subsection per object.
    expect(s.xrefTail).toBe(new TextDecoder('latin1').decode(updated).slice(s.revisions[1]!.xrefOffset))
    expect(s.xrefTail).toMatch(/^xref\n6 1\n\d{10} 00000 n \ntrailer\n/)
  })

  it('keeps how each content stream ends and the spacing around operators', () => {
    const s = parsePdfStructure(simplePagePdf('BT /F1 12 Tf (A)Tj ET\r\n\n'))
    expect(s.pages[0]!.contentEnds).toEqual(['\\r\\n\\n'])
    expect(s.pages[0]!.operatorSpacing['(…)op']).toBe(1)
    expect(s.pages[0]!.operatorSpacing['(…) op']).toBeUndefined()
    expect(parsePdfStructure(simplePagePdf('BT ET')).pages[0]!.contentEnds).toEqual([''])
  })

  it('records bytes after the last %%EOF', () => {
    const pdf = simplePagePdf('BT ET')
    const tail = new TextEncoder().encode('garbage after end')
    const joined = new Uint8Array(pdf.length + tail.length)
    joined.set(pdf)
    joined.set(tail, pdf.length)
    expect(parsePdfStructure(joined).nonWhitespaceAfterEof).toBe('garbageafterend'.length)
  })

  it('rebuilds a broken xref from object headers and says so', () => {
    const pdf = simplePagePdf('BT /F1 12 Tf (Hi) Tj ET')
    const text = new TextDecoder('latin1').decode(pdf)
    const edited = text.replace(/(\n0000000)(\d{3}) 00000 n/g, '$1999 00000 n')
    const broken = Uint8Array.from(edited, (c) => c.charCodeAt(0))
    const s = parsePdfStructure(broken)
    expect(s.xrefReconstructed).toBe(true)
    expect(s.xrefKind).toBe('reconstructed')
    expect(s.xrefTail).toBeNull()
    expect(s.xrefProblems.length).toBeGreaterThan(0)
    expect(s.pages[0]!.operations.some((o) => o.op === 'Tj')).toBe(true)
  })

  it('reads xref streams and object streams', () => {
    const objStmBody = '1 0 2 40 '
    const objs =
      '<< /Type /Catalog /Pages 2 0 R >>'.padEnd(40, ' ') + '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
    const objStm = zlibSync(new TextEncoder().encode(objStmBody + objs))
    const head = `%PDF-1.5\n`
    const o3 = `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>\nendobj\n`
    const o4h = `4 0 obj\n<< /Type /ObjStm /N 2 /First ${objStmBody.length} /Filter /FlateDecode /Length ${objStm.length} >>\nstream\n`
    const o4t = '\nendstream\nendobj\n'
    const off3 = head.length
    const off4 = off3 + o3.length
    const off5 = off4 + o4h.length + objStm.length + o4t.length
    const rows = [
      [0, 0, 255],
      [2, 4, 0],
      [2, 4, 1],
      [1, off3, 0],
      [1, off4, 0],
      [1, off5, 0],
    ]
    const table = new Uint8Array(rows.length * 4)
    rows.forEach((r, i) => {
      table[i * 4] = r[0]!
      table[i * 4 + 1] = (r[1]! >> 8) & 0xff
      table[i * 4 + 2] = r[1]! & 0xff
      table[i * 4 + 3] = r[2]!
    })
    const xs = zlibSync(table)
    const o5h = `5 0 obj\n<< /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${xs.length} >>\nstream\n`
    const tail = `\nendstream\nendobj\nstartxref\n${off5}\n%%EOF\n`
    const enc = (s: string) => new TextEncoder().encode(s)
    const parts = [enc(head), enc(o3), enc(o4h), objStm, enc(o4t), enc(o5h), xs, enc(tail)]
    const pdf = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      pdf.set(p, at)
      at += p.length
    }
    const s = parsePdfStructure(pdf)
    expect(s.xrefKind).toBe('stream')
    expect(s.xrefTail).toBeNull()
    expect(s.objectStreams).toBe(1)
    expect(s.objects.find((o) => o.num === 1)!.inObjectStream).toBe(4)
    expect(s.pageCount).toBe(1)
  })

  it('rejects encrypted files', () => {
    const pdf = buildPdf(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: '<< /Type /Pages /Kids [] /Count 0 >>' },
        { num: 3, body: '<< /Filter /Standard /V 1 /R 2 >>' },
      ],
      { trailer: '/Root 1 0 R /Encrypt 3 0 R' },
    )
    expect(codeOf(() => parsePdfStructure(pdf))).toBe('pdf_encrypted')
  })

  it('rejects more pages than the limit', () => {
    const kids = Array.from({ length: 7 }, (_, i) => `${10 + i} 0 R`).join(' ')
    const pages = Array.from({ length: 7 }, (_, i) => ({
      num: 10 + i,
      body: '<< /Type /Page /Parent 2 0 R >>',
    }))
    const pdf = buildPdf(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count 7 >>` },
        ...pages,
      ],
      { trailer: '/Root 1 0 R' },
    )
    expect(codeOf(() => parsePdfStructure(pdf))).toBe('pdf_too_many_pages')
  })

  it('stops a decompression bomb at the inflate limit', () => {
    const pdf = simplePagePdf(' '.repeat(5_000_000))
    expect(codeOf(() => parsePdfStructure(pdf, { ...defaultPdfLimits, maxInflatedBytes: 1_000_000 }))).toBe(
      'pdf_too_complex',
    )
  })

  it('rejects hostile nesting and non-PDF input', () => {
    const deep = simplePagePdf(`${'['.repeat(500)}1${']'.repeat(500)} Tj`)
    expect(codeOf(() => parsePdfStructure(deep))).toBe('pdf_too_complex')
    expect(codeOf(() => parsePdfStructure(new TextEncoder().encode('hello')))).toBe('pdf_unreadable')
    expect(codeOf(() => parsePdfStructure(new Uint8Array(100), { ...defaultPdfLimits, maxBytes: 10 }))).toBe(
      'file_too_large',
    )
  })
})

describe.skipIf(!existsSync(realRoot))('parsePdfStructure on the real development receipts', () => {
  const files = existsSync(realRoot)
    ? readdirSync(realRoot, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) => readdirSync(join(realRoot, d.name)).map((f) => join(realRoot, d.name, f)))
        .filter((f) => f.endsWith('.pdf'))
    : []

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(0)
  })

  it.each(files.map((f, i) => [i, f]))('file #%i parses as a clean single revision', (_i, file) => {
    const s = parsePdfStructure(new Uint8Array(readFileSync(file as string)))
    expect(s.revisions).toHaveLength(1)
    expect(s.eofMarkers).toBe(1)
    expect(s.startxrefMarkers).toBe(1)
    expect(s.xrefKind).toBe('table')
    expect(s.xrefReconstructed).toBe(false)
    expect(s.objectStreams).toBe(0)
    expect(s.pageCount).toBe(1)
    expect(s.pages[0]!.fonts.length).toBeGreaterThan(0)
    expect(s.pages[0]!.operations.filter((o) => o.op === 'BT').length).toBeGreaterThan(0)
  })
})

describe('parsePdfStructure on damaged input', () => {
  it('either parses or throws a CheckError, for hundreds of deterministic mutations', () => {
    const base = simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hello) Tj [(A) -20 (B)] TJ ET', {
      info: '<< /Producer (test) /Title <FEFF0041> >>',
    })
    let seed = 7
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed / 0x7fffffff
    }
    const snippets = [
      '99999999 0 R',
      '<<<<<<<<',
      '[[[[[[',
      '((((((',
      'stream\n',
      'endobj',
      '/Prev 0',
      'xref',
      '%%EOF',
    ]
    const outcomes = new Map<string, number>()
    for (let k = 0; k < 400; k++) {
      let bytes = new Uint8Array(base)
      const mode = k % 4
      if (mode === 0)
        for (let i = 0; i < 8; i++) bytes[Math.floor(rnd() * bytes.length)] = Math.floor(rnd() * 256)
      if (mode === 1) bytes = bytes.subarray(0, Math.floor(rnd() * bytes.length))
      if (mode === 2) {
        const at = Math.floor(rnd() * bytes.length)
        bytes.fill(0x20, at, Math.min(bytes.length, at + 40))
      }
      if (mode === 3) {
        const at = Math.floor(rnd() * (bytes.length - 16))
        const text = snippets[k % snippets.length]!
        for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i)
      }
      const code = codeOf(() => parsePdfStructure(bytes)) ?? 'parsed'
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1)
    }
    expect([...outcomes.keys()].filter((k) => k.startsWith('not a CheckError'))).toEqual([])
    expect(outcomes.get('parsed')).toBeGreaterThan(0)
    expect(outcomes.get('pdf_unreadable')).toBeGreaterThan(0)
  })
})
