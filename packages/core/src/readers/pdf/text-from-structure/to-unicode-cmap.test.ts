import { describe, expect, it } from 'vitest'
import { readToUnicodeCMap } from './to-unicode-cmap'
import { UnsupportedText } from './unsupported'

const cmap = (body: string) =>
  new TextEncoder().encode(
    `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n${body}\nendcmap CMapName currentdict /CMap defineresource pop end end`,
  )

describe('readToUnicodeCMap', () => {
  it('reads bfchar and bfrange in file order, a later entry replacing an earlier one', () => {
    const map = readToUnicodeCMap(
      cmap('1 beginbfrange <0001> <0003> <0041> endbfrange\n1 beginbfchar <0002> <0062> endbfchar'),
    )
    expect([...map]).toEqual([
      [1, 'A'],
      [2, 'b'],
      [3, 'C'],
    ])
  })

  it('increments a range destination by its last byte, carrying into the byte before (pdf.js mapBfRange)', () => {
    const map = readToUnicodeCMap(cmap('1 beginbfrange <0010> <0012> <00FF> endbfrange'))
    expect([...map.values()]).toEqual(['\u00ff', '\u0100', '\u0101'])
  })

  it('reads range arrays, one-byte destinations and surrogate pairs', () => {
    const map = readToUnicodeCMap(
      cmap('2 beginbfrange <0001> <0002> [<0078> <D83DDE00>] <0005> <0005> <41> endbfrange'),
    )
    expect(map.get(1)).toBe('x')
    expect(map.get(2)).toBe('\u{1f600}')
    expect(map.get(5)).toBe('A')
  })

  it('leaves to pdf.js what it reads otherwise: usecmap, CID sections, literal entries, odd hex', () => {
    const bad = [
      '/Other usecmap',
      '1 begincidrange <0000> <00FF> 0 endcidrange',
      '1 beginbfchar <0001> (A) endbfchar',
      '1 beginbfchar <001> <0041> endbfchar',
    ]
    for (const body of bad) expect(() => readToUnicodeCMap(cmap(body)), body).toThrow(UnsupportedText)
  })
})
