import { describe, expect, it } from 'vitest'
import { tokenizeContent, whitespaceShape } from './content-tokenizer'

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))
const spacing = (s: string) => tokenizeContent(bytes(s), 1000).spacing

describe('operator spacing', () => {
  it('tells `(…)Tj` from `(…) Tj` and `[…]TJ` from `[…] TJ`', () => {
    expect(spacing('(a)Tj\n[(b)]TJ\n')).toEqual({ '(…)op': 1, 'op\\n·': 1, '[…]op': 1 })
    expect(spacing('(a) Tj\n[(b)] TJ\n')).toEqual({ '(…) op': 1, 'op\\n·': 1, '[…] op': 1 })
  })

  it('records the separator after operators and before operators with number, name, hex and dict operands', () => {
    expect(spacing('BT /F1 12 Tf<0001> Tj ET\r\nq /P <</MCID 0>>BDC EMC Q')).toEqual({
      'op ·': 5,
      op·: 1,
      '9 op': 1,
      '<…> op': 1,
      'op\\r\\n·': 1,
      '<<…>>op': 1,
    })
  })

  it('counts each style once per place it occurs', () => {
    expect(spacing('(a)Tj (b)Tj (c) Tj')).toEqual({ '(…)op': 2, '(…) op': 1, 'op ·': 2 })
  })

  it('skips inline image data', () => {
    expect(spacing('BI /W 1 /H 1 ID \x00)) EI Q')).toEqual({ 'op ·': 1 })
  })
})

describe('whitespaceShape', () => {
  it('writes whitespace visibly and collapses long runs', () => {
    expect(whitespaceShape(bytes(' \r\n\t'), 0, 4)).toBe(' \\r\\n\\t')
    expect(whitespaceShape(bytes('      '), 0, 6)).toBe('…')
    expect(whitespaceShape(bytes('x'), 0, 0)).toBe('')
  })
})
