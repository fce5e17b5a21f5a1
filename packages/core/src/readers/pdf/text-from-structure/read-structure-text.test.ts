import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { buildType0Pdf, codes, glyphText } from '../../../testing/pdf/type0-font-pdf'
import { defaultPdfLimits } from '../../../vocabulary/pdf-model'
import { openPdf } from '../structure'
import { readTextLayerWithPdfJs } from '../text/read-with-pdfjs'
import { readTextFromStructure } from './read-structure-text'

const program = new Uint8Array(
  readFileSync(
    fileURLToPath(new URL('../../../../../generator/fonts/LiberationSans-Regular.ttf', import.meta.url)),
  ),
)

function fast(bytes: Uint8Array) {
  return readTextFromStructure(openPdf(bytes))
}

async function expectSameAsPdfJs(bytes: Uint8Array) {
  const read = fast(bytes)
  if ('fallback' in read) throw new Error(`fell back: ${read.fallback}`)
  expect(read.layer).toEqual(await readTextLayerWithPdfJs(bytes, defaultPdfLimits))
  return read.layer
}

describe('readTextFromStructure', () => {
  it('reads a Type0 text line as pdf.js does: runs, page size, Info', async () => {
    const content = `BT /F1 10 Tf 1 0 0 1 20 300 Tm ${codes([1, 2, 3, 32, 4, 5])} Tj ET`
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program }))
    expect(layer.runs.map((r) => r.text)).toEqual(['ABC DE'])
    expect(layer.pages).toEqual([{ index: 0, width: 300, height: 400 }])
    expect(layer.info.Title).toBe('Test')
  })

  it('turns TJ gaps into a space inside the item or a new item, as pdf.js does', async () => {
    // -300/1000 em is an in-flow space (0.102–0.6 em); -2000/1000 em starts a new item.
    const content = `BT /F1 10 Tf 1 0 0 1 20 300 Tm [${codes([1, 2])} -300 ${codes([3])} -2000 ${codes([4])}] TJ ET`
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program }))
    expect(layer.runs.map((r) => r.text)).toEqual(['AB C', 'D'])
  })

  it('normalises a no-break space and keeps a combining accent in the item', async () => {
    const content = `BT /F1 10 Tf 20 300 Td ${codes([1, 33, 2, 34, 3])} Tj ET`
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program }))
    expect(layer.runs[0]?.text).toBe('A B\u0301C')
  })

  it('reads a font without ToUnicode the way pdf.js does (the CID as the character)', async () => {
    const content = `BT /F1 10 Tf 20 300 Td ${codes([0x41, 0x42])} Tj ET`
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program, withoutToUnicode: true }))
    expect(layer.runs[0]?.text).toBe('AB')
  })

  it('shows a code missing from the ToUnicode CMap as its own character, as pdf.js does', async () => {
    const content = `BT /F1 10 Tf 20 300 Td ${codes([1, 0x4e2d])} Tj ET`
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program }))
    expect(layer.runs[0]?.text).toBe('A\u4e2d')
  })

  it('follows an image or a text-free form through Do (the item ends there), as pdf.js does', async () => {
    const content = `BT /F1 10 Tf 20 300 Td ${codes([1])} Tj ET /Logo Do /Img Do BT /F1 10 Tf 26 300 Td ${codes([2])} Tj ET`
    const resources = '/XObject << /Logo 30 0 R /Img 31 0 R >>'
    const objects = [
      { num: 30, body: '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] >>', stream: '0 0 5 5 re f' },
      {
        num: 31,
        body: '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 >>',
        stream: '\u0000',
      },
    ]
    const layer = await expectSameAsPdfJs(buildType0Pdf({ content, program, resources, objects }))
    expect(layer.runs.map((r) => r.text)).toEqual(['A', 'B'])
  })

  it('leaves forms that show text, ExtGState fonts and vertical fonts to pdf.js', () => {
    const formWithText = buildType0Pdf({
      content: '/Fm Do',
      program,
      resources: '/XObject << /Fm 30 0 R >>',
      objects: [{ num: 30, body: '<< /Type /XObject /Subtype /Form /BBox [0 0 9 9] >>', stream: 'BT ET' }],
    })
    expect(fast(formWithText)).toEqual({ fallback: 'form uses BT' })
    const gsFont = buildType0Pdf({
      content: '/G1 gs',
      program,
      resources: '/ExtGState << /G1 30 0 R >>',
      objects: [{ num: 30, body: '<< /Type /ExtGState /Font [5 0 R 10] >>' }],
    })
    expect(fast(gsFont)).toEqual({ fallback: 'ExtGState sets a font' })
    const vertical = buildType0Pdf({
      content: `BT /F1 10 Tf ${codes([1])} Tj ET`,
      program,
      encoding: '/Identity-V',
    })
    expect(fast(vertical)).toEqual({ fallback: 'composite font not Identity-H' })
  })

  it('leaves to pdf.js what it does not reproduce, saying why', () => {
    const type1 = simplePagePdf('BT /F1 12 Tf 20 200 Td (Hi) Tj ET')
    expect(fast(type1)).toEqual({ fallback: 'font subtype Type1' })
    const rotated = buildType0Pdf({
      content: `BT /F1 10 Tf ${codes([1])} Tj ET`,
      program,
      pageExtra: '/Rotate 90',
    })
    expect(fast(rotated)).toEqual({ fallback: 'rotated page' })
    const noFont = buildType0Pdf({ content: `BT ${codes([1])} Tj ET`, program })
    expect(fast(noFont)).toEqual({ fallback: 'text shown before any font is set' })
    const unknownOp = buildType0Pdf({ content: `BT /F1 10 Tf 1 2 XX ${codes([1])} Tj ET`, program })
    expect(fast(unknownOp)).toEqual({ fallback: 'operator XX with 2 operands' })
  })
})

const op = fc.oneof(
  fc.constantFrom(
    'T*',
    'q',
    'Q',
    '/F1 10 Tf',
    '/F2 10 Tf',
    '/F3 10 Tf',
    '/F1 7.5 Tf',
    'BT',
    '0 Tc',
    '0 Tw',
    '100 Tz',
  ),
  fc
    .tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -30, max: 30 }))
    .map(([x, y]) => `${x} ${y} Td`),
  fc
    .tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -30, max: 30 }))
    .map(([x, y]) => `${x} ${y} TD`),
  fc.integer({ min: 0, max: 20 }).map((n) => `${n} TL`),
  fc.integer({ min: -20, max: 40 }).map((n) => `${n / 10} Tc`),
  fc.integer({ min: -20, max: 60 }).map((n) => `${n / 10} Tw`),
  fc.integer({ min: 50, max: 150 }).map((n) => `${n} Tz`),
  fc.integer({ min: -5, max: 5 }).map((n) => `${n} Ts`),
  fc
    .tuple(fc.constantFrom(1, 0.5, 2, -1), fc.integer({ min: 0, max: 280 }), fc.integer({ min: 0, max: 380 }))
    .map(([s, x, y]) => `${s} 0 0 ${Math.abs(s)} ${x} ${y} Tm`),
  fc
    .tuple(fc.integer({ min: 0, max: 280 }), fc.integer({ min: 0, max: 380 }))
    .map(([x, y]) => `0 1 -1 0 ${x} ${y} Tm`),
  fc.constantFrom(
    '1 0 0 1 5 -7 cm',
    '0.5 0 0 0.5 0 0 cm',
    '2 0 0 2 -100 -100 cm',
    '0.8 0.6 -0.6 0.8 30 0 cm',
  ),
  fc
    .array(fc.integer({ min: 1, max: glyphText.length }), { minLength: 0, maxLength: 8 })
    .map((c) => `${codes(c)} Tj`),
  fc
    .array(fc.integer({ min: 1, max: glyphText.length }), { minLength: 1, maxLength: 4 })
    .map((c) => `${codes(c)} '`),
  fc
    .array(
      fc.oneof(
        fc.array(fc.integer({ min: 1, max: 36 }), { minLength: 0, maxLength: 4 }).map(codes),
        fc.integer({ min: -1500, max: 800 }).map(String),
      ),
      { maxLength: 8 },
    )
    .map((items) => `[${items.join(' ')}] TJ`),
  fc.constantFrom(`${codes([32, 1, 32, 33, 34])} Tj`, `${codes([0x4e2d, 1])} Tj`),
)

// 150 pdf.js parses: about 2 s on a quiet machine, more than vitest's default 5 s on a loaded one. The
// property is what is tested, not its speed.
describe('readTextFromStructure against pdf.js on random content streams', { timeout: 120_000 }, () => {
  it('gives pdf.js’s runs whenever it does not fall back', async () => {
    let compared = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        const content = `BT /F1 10 Tf 1 0 0 1 20 300 Tm\n${ops.join('\n')}\nET`
        const bytes = buildType0Pdf({ content, program })
        const read = fast(bytes)
        if ('fallback' in read) return
        compared++
        expect(read.layer).toEqual(await readTextLayerWithPdfJs(bytes, defaultPdfLimits))
      }),
      {
        numRuns: Number(process.env.TEXT_PROPERTY_RUNS ?? 150),
        seed: Number(process.env.TEXT_PROPERTY_SEED ?? 9),
      },
    )
    expect(compared).toBeGreaterThan(100)
  })
})
