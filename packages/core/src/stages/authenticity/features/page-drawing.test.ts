import { describe, expect, it } from 'vitest'
import { tokenizeContent } from '../../../readers/pdf/structure/content-tokenizer'
import type { PdfPageStructure } from '../../../readers/pdf/structure/structure-types'
import { drawPage } from './page-drawing'

function pageOf(content: string): PdfPageStructure {
  const operations = tokenizeContent(new TextEncoder().encode(content), 1000).ops
  return { mediaBox: [0, 0, 100, 100], height: 100, fonts: [], operations } as unknown as PdfPageStructure
}

describe('drawPage', () => {
  it('replays graphics state, paths and text through the operator table', () => {
    const drawing = drawPage(
      pageOf(
        'q 1 0 0 1 10 20 cm 0 0 5 5 re f Q 1 1 2 2 re f constructor toString BT /F1 10 Tf 3 4 Td (ab) Tj ET',
      ),
    )
    expect(drawing.boxes.map(({ x0, x1, y0, y1 }) => [x0, x1, y0, y1])).toEqual([
      [10, 15, 75, 80],
      [1, 3, 97, 99],
    ])
    expect(drawing.runs).toHaveLength(1)
    expect(drawing.runs[0]).toMatchObject({ op: 'Tj', block: 0, text: 'ab', size: 10, x0: 3, baseline: 96 })
    expect([...drawing.operators]).toContain('constructor')
  })
})
