import { describe, expect, it } from 'vitest'
import { endingName, xrefSyntax } from './xref-syntax'

const table = (entryEnd: string, eol: string) =>
  [
    `xref${eol}0 3${eol}`,
    `0000000000 65535 f${entryEnd}`,
    `0000000015 00000 n${entryEnd}`,
    `0000000074 00000 n${entryEnd}`,
    `trailer${eol}<<${eol}/Size 3${eol}>>${eol}startxref${eol}120${eol}%%EOF${eol}`,
  ].join('')

describe('xrefSyntax', () => {
  it('reads 20-byte CRLF entries and CRLF lines (BI Publisher style)', () => {
    expect(xrefSyntax(table('\r\n', '\r\n'))).toEqual({
      entries: '20:CRLF',
      lineEnds: 'xref=CRLF subsection=CRLF trailer=CRLF dict=CRLF startxref=CRLF offset=CRLF eof=CRLF',
    })
  })

  it('reads 20-byte SP LF entries with LF lines (iText style)', () => {
    expect(xrefSyntax(table(' \n', '\n'))).toEqual({
      entries: '20:SP+LF',
      lineEnds: 'xref=LF subsection=LF trailer=LF dict=LF startxref=LF offset=LF eof=LF',
    })
  })

  it('tells a 19-byte entry (bare LF, against the spec) from the 20-byte ones', () => {
    expect(xrefSyntax(table('\n', '\n')).entries).toBe('19:LF')
    const mixed = table('\r\n', '\r\n').replace('0000000074 00000 n\r\n', '0000000074 00000 n\n')
    expect(xrefSyntax(mixed).entries).toBe('19:LF 20:CRLF')
  })

  it('lists every end seen for a kind of line, and `none` for %%EOF at the very end', () => {
    const t = table('\r\n', '\r\n')
      .replace('/Size 3\r\n', '/Size 3\n')
      .replace(/%%EOF\r\n$/, '%%EOF')
    expect(xrefSyntax(t).lineEnds).toBe(
      'xref=CRLF subsection=CRLF trailer=CRLF dict=CRLF|LF startxref=CRLF offset=CRLF eof=none',
    )
  })

  it('reads only the newest section up to its %%EOF', () => {
    const t = `${table(' \n', '\n')}garbage\r\n`
    expect(xrefSyntax(t)).toEqual(xrefSyntax(table(' \n', '\n')))
  })

  it('has no table syntax for xref streams', () => {
    expect(xrefSyntax(null)).toEqual({ entries: '(no table)', lineEnds: '(no table)' })
  })

  it('names ends byte by byte', () => {
    expect(endingName(' \r\n')).toBe('SP+CRLF')
    expect(endingName('\n\r')).toBe('LF+CR')
    expect(endingName('\t')).toBe('x9')
    expect(endingName('')).toBe('none')
  })
})
