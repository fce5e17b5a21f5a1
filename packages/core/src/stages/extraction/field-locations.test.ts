import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FieldLocation } from '@rv/schemas'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import type { OcrPage } from '../../readers/ocr/ocr-page'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { estimateSkew } from '../../readers/ocr/words-to-runs'
import { parsePdf } from '../../readers/pdf/parse-pdf'
import type { Cell } from '../../vocabulary/text/text-lines'
import { extractImageReceipt } from './extract-image-receipt'
import { extractReceipt } from './extract-receipt'
import { keptLocations, locateFields, tiltLocations } from './field-locations'
import type { Readings } from './read-family-fields'

const root = fileURLToPath(new URL('../../../../../fixtures/generated/', import.meta.url))
const pdfs = existsSync(root)
  ? readdirSync(root).flatMap((bank) =>
      readdirSync(root + bank)
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => `${root}${bank}/${f}`),
    )
  : []

/** What pdf.js itself reads on page 1: each text item's horizontal span and baseline, in fractions. */
async function pdfJsWords(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise
  const page = await doc.getPage(1)
  const [, , width = 1, height = 1] = page.view
  const items = (await page.getTextContent()).items as { str: string; transform: number[]; width: number }[]
  return items.map((i) => ({
    str: i.str,
    centre: (i.transform[4]! + i.width / 2) / width,
    baseline: (height - i.transform[5]!) / height,
  }))
}

const squash = (s: string) => s.replace(/\s/g, '').toLowerCase()
const inside = (l: FieldLocation, x: number, y: number) =>
  x >= l.left && x <= l.left + l.width && y >= l.top && y <= l.top + l.height

function cell(text: string, x: number, y: number, right: number, bottom: number, page = 0): Cell {
  return { text, raw: text, key: text, x, y, right, bottom, size: bottom - y, page }
}

describe('locateFields', () => {
  it('puts one box per line of a value, in fractions of its page, the label left out', () => {
    const readings = {
      receipt_number: {
        rule: { labels: ['x'], format: 'text' },
        raw: 'A1B2',
        value: null,
        label: null,
        cells: [cell('A1', 100, 200, 300, 210), cell('B2', 100, 212, 150, 222)],
      },
    } as unknown as Readings<'receipt_number'>
    const located = locateFields({ receipt_number: ['receipt_number'] }, readings, [
      { index: 0, width: 400, height: 800 },
    ])
    expect(located).toEqual([
      { field: 'receipt_number', page: 1, left: 0.25, top: 0.25, width: 0.5, height: 0.0125 },
      { field: 'receipt_number', page: 1, left: 0.25, top: 0.265, width: 0.125, height: 0.0125 },
    ])
  })

  it('joins cells of one line and drops a box off the page or of a page it does not know', () => {
    const readings = {
      amount: {
        cells: [cell('600', 200, 100, 230, 110), cell('₽', 232, 102, 240, 112), cell('x', 10, 10, 20, 20, 3)],
      },
    } as unknown as Readings<'amount'>
    const pages = [{ index: 0, width: 400, height: 400 }]
    expect(locateFields({ amount: ['amount'], currency: ['amount'] }, readings, pages)).toEqual([
      { field: 'amount', page: 1, left: 0.5, top: 0.25, width: 0.1, height: 0.03 },
      { field: 'currency', page: 1, left: 0.5, top: 0.25, width: 0.1, height: 0.03 },
    ])
    const off = { amount: { cells: [cell('600', 500, 100, 530, 110)] } } as unknown as Readings<'amount'>
    expect(locateFields({ amount: ['amount'] }, off, pages)).toEqual([])
  })

  it('keeps only the locations of values the later steps left as read', () => {
    const at = { page: 1, left: 0, top: 0, width: 0.1, height: 0.1 }
    const read = { amount: 600, recipient_name: 'Иван И.' } as never
    const final = { amount: 600, recipient_name: 'Иван Иванович И.' } as never
    expect(
      keptLocations(
        [
          { field: 'amount', ...at },
          { field: 'recipient_name', ...at },
        ],
        read,
        final,
      ),
    ).toEqual([{ field: 'amount', ...at }])
  })
})

describe.skipIf(pdfs.length === 0)('field locations on the generated receipts, against pdf.js', () => {
  it('boxes the amount, the SBP id or reference and the names over the words pdf.js reads for them', async () => {
    let checked = 0
    for (const file of pdfs) {
      const bytes = new Uint8Array(readFileSync(file))
      const result = extractReceipt(await parsePdf(bytes))
      const words = await pdfJsWords(new Uint8Array(bytes))
      const fields = result.fields as unknown as Record<string, unknown>
      const wanted: [string, string][] = [
        ['amount', String(Math.trunc(result.fields.amount ?? 0))],
        ['receipt_number', String(fields['receipt_number'] ?? '')],
        ['recipient_name', String(fields['recipient_name'] ?? '')],
      ]
      for (const [name, printed] of wanted) {
        const boxes = (result.fieldLocations ?? []).filter((l) => l.field === name && l.page === 1)
        if (fields[name] === null || boxes.length === 0) continue
        const under = boxes.map((b) =>
          words
            .filter((w) => inside(b, w.centre, w.baseline))
            .map((w) => w.str)
            .join(''),
        )
        expect(squash(under.join('')), `${file} ${name}`).toContain(squash(printed))
        // Tight: a box holds its value's line, not the page.
        for (const b of boxes) expect(b.height, `${file} ${name}`).toBeLessThan(0.05)
        checked++
      }
      expect(
        result.fieldLocations?.some((l) => l.field === 'amount'),
        file,
      ).toBe(true)
    }
    expect(checked).toBeGreaterThan(pdfs.length)
  })
})

/** The page photographed at a tilt: every word's centre turned by `angle` about the top-left corner. */
function tilt(page: OcrPage, angle: number): OcrPage {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  // One engine line per visual row (tesseract reads a row across its columns), so the tilt can be measured.
  const rows = [...new Set(page.words.map((w) => Math.round(w.top / 4)))].sort((a, b) => a - b)
  const words = page.words.map((w) => {
    const cx = w.left + w.width / 2
    const cy = w.top + w.height / 2
    const x = cx * cos - cy * sin
    const y = cx * sin + cy * cos
    const line = rows.indexOf(Math.round(w.top / 4)) + 1
    return { ...w, left: x - w.width / 2, top: y - w.height / 2, block: 1, paragraph: 1, line }
  })
  return { ...page, words }
}

describe('tiltLocations', () => {
  it('turns a box of the upright frame back onto the tilted picture (deskewedCentre undone)', () => {
    const size = { width: 1000, height: 2000 }
    const angle = 0.05
    // A word on the tilted picture centred at (600, 900) px; the readers see it where deskewedCentre puts it.
    const cx = 600
    const cy = 900
    const ux = cx * Math.cos(angle) + cy * Math.sin(angle)
    const uy = -cx * Math.sin(angle) + cy * Math.cos(angle)
    const upright = {
      field: 'amount',
      page: 1,
      left: (ux - 40) / 1000,
      top: (uy - 10) / 2000,
      width: 0.08,
      height: 0.01,
    }
    expect(inside(upright, cx / 1000, cy / 2000)).toBe(false)
    const [turned] = tiltLocations([upright], angle, size)
    expect(inside(turned!, cx / 1000, cy / 2000)).toBe(true)
    expect(turned!.width).toBeLessThan(0.09)
    expect(tiltLocations([upright], 0, size)).toEqual([upright])
  })
})

describe.skipIf(pdfs.length === 0)('field locations on a tilted picture', () => {
  it('boxes the amount where its word is on the picture as stored, the tilt undone', async () => {
    const file = pdfs.find((f) => f.includes('/vtb/'))!
    const model = await parsePdf(new Uint8Array(readFileSync(file)))
    const upright = runsToOcrPage(model)
    const page = tilt(upright, 0.03)
    expect(estimateSkew(page.words)).toBeGreaterThan(0.02)
    const result = extractImageReceipt(page)
    // The amount's words (its run's, e.g. `3 300 ₽`), where the tilted picture has them.
    const run = model.runs.findIndex((r) => squash(r.text).startsWith(String(result.fields.amount)))
    const mine = page.words.filter((_, i) => upright.words[i]!.block === run + 1)
    expect(mine.length).toBeGreaterThan(0)
    const [box] = (result.fieldLocations ?? []).filter((l) => l.field === 'amount')
    expect(box).toBeDefined()
    for (const word of mine) {
      const cx = (word.left + word.width / 2) / page.width
      const cy = (word.top + word.height / 2) / page.height
      expect(inside(box!, cx, cy)).toBe(true)
      // Centred on the word, not merely around it: a box one line off would not hold its centre this close.
      expect(Math.abs(box!.top + box!.height / 2 - cy)).toBeLessThan((0.5 * word.height) / page.height)
    }
  })
})
