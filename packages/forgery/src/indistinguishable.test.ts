/**
 * Evidence for docs/authenticity.md «Known limits»: `amount_patch_classic_zlib` on a left-aligned amount with
 * zero commission, where every digit of the old and the new amount is drawn before the amount, gives the
 * file the generator itself writes for the new amount, byte for byte: the toolkit's writer keeps the
 * generator's content whitespace, operator spacing and xref byte syntax, as a careful kit does. The core
 * therefore judges it as it judges the direct file (`genuine`): only facts outside the file can tell.
 * On the real receipts the forgeries carry none of the writer marks earlier versions of the tool left.
 */
import { defaultProfile, runCheck } from '@rv/core'
import { generateReceipt, type Overrides } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { readCorpus } from './corpus'
import { differingObjects, firstDifference, pdfParts } from './indistinguishable-compare'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { amountRuns } from './targets'
import { techniqueById } from './techniques'

const technique = techniqueById('amount_patch_classic_zlib')!

// «Сформирована 21.03.2026 15:47» (Alfa) and «21.03.2026 в 15:40» (GPB) draw 0–7 except 8 and 9 before
// the amount, so A and B below use only digits already on the page, and their glyphs' first use is earlier.
const pinned: Overrides = {
  commission: 0,
  paidAt: '2026-03-21T12:40:00Z',
  generatedAt: '2026-03-21T12:47:00Z',
}

// The technique changes the leading digit to the nearest one above that the subset holds: 1 → 2, 4 → 5.
const cases = [
  { family: 'alfa', seed: 7, a: 1500, b: 2500 },
  { family: 'alfa', seed: 31, a: 4520, b: 5520 },
  { family: 'gazprombank', seed: 7, a: 1500, b: 2500 },
  { family: 'gazprombank', seed: 31, a: 4520, b: 5520 },
]

function generate(family: string, seed: number, amount: number) {
  return generateReceipt({ family, variant: 'sbp', seed, overrides: { ...pinned, amount } })
}

async function forge(bytes: Uint8Array, family: string, filename: string): Promise<Uint8Array> {
  const r = await technique.apply({ bytes, family, filename }, { tmpDir: '/nonexistent' })
  if (!r.ok) throw new Error(`skipped: ${r.skipped}`)
  return r.bytes
}

function amountTexts(bytes: Uint8Array, family: string): string[] {
  return amountRuns(new PageEditor(new PdfFile(bytes)), family).map((r) => r.text)
}

/** Digits drawn by runs before the first amount run. */
function digitsBeforeAmount(bytes: Uint8Array, family: string): Set<string> {
  const editor = new PageEditor(new PdfFile(bytes))
  const first = amountRuns(editor, family)[0]!
  const before = editor.runs.filter((r) => r.opIndex < first.opIndex).map((r) => r.text)
  return new Set(before.join('').match(/\d/g) ?? [])
}

const bareLf = (text: string): boolean => /(^|[^\r])\n/.test(text)

async function judge(bytes: Uint8Array, filename: string) {
  const record = await runCheck({
    bytes,
    filename,
    expectation: {},
    tenantId: 'indistinguishable-test',
    profile: defaultProfile,
    now: new Date('2026-05-01T00:00:00Z'),
    checkId: 'chk_01JINDISTINGUISHABLE00000',
  })
  return record.document
}

describe.each(cases)('amount_patch_classic_zlib $family $a → $b (seed $seed)', ({ family, seed, a, b }) => {
  const original = generate(family, seed, a)
  const direct = generate(family, seed, b)
  const forged = forge(original.pdf, family, original.filename)

  it('meets the evading case: every digit of A and B is drawn before the amount', async () => {
    const before = digitsBeforeAmount(original.pdf, family)
    const printed = [...amountTexts(original.pdf, family), ...amountTexts(direct.pdf, family)]
    for (const d of printed.join('').match(/\d/g) ?? []) expect(before, `digit ${d}`).toContain(d)
    expect(amountTexts(await forged, family)).toEqual(amountTexts(direct.pdf, family))
    expect(direct.filename).toBe(original.filename)
  })

  it('is byte-identical to the direct file: content, /Length, offsets, xref syntax and all', async () => {
    const f = pdfParts(await forged)
    const d = pdfParts(direct.pdf)
    expect(differingObjects(f, d)).toEqual([])
    expect(f.tail).toBe(d.tail)
    expect(firstDifference(await forged, direct.pdf)).toBeNull()
  })

  it("gets exactly the direct file's check results: genuine", async () => {
    const [f, d] = await Promise.all([
      judge(await forged, original.filename),
      judge(direct.pdf, direct.filename),
    ])
    expect(d.checks.length).toBeGreaterThan(0)
    expect(d.verdict).toBe('genuine')
    expect(f.verdict).toBe('genuine')
    expect(f.checks).toEqual(d.checks)
  }, 60_000)
})

// Control: outside the evading case the comparison sees more than the marks. «9» is first drawn after the
// amount (phone, account), so on Alfa its glyph id follows first use and the font objects change as well.
it('alfa 8500 → 9500 (a digit first drawn after the amount): the font objects differ too', async () => {
  const original = generate('alfa', 7, 8500)
  const direct = generate('alfa', 7, 9500)
  const forged = await forge(original.pdf, 'alfa', original.filename)
  expect(amountTexts(forged, 'alfa')).toEqual(amountTexts(direct.pdf, 'alfa'))
  expect(digitsBeforeAmount(original.pdf, 'alfa')).not.toContain('9')
  const d = pdfParts(direct.pdf)
  const differing = differingObjects(pdfParts(forged), d)
  expect(differing).toContain(d.contentNum)
  expect(differing.length).toBeGreaterThan(1)
})

/** The marks as booleans: nothing extracted from a real file is asserted or printed. */
function marks(bytes: Uint8Array) {
  const p = pdfParts(bytes)
  return {
    extraNewline: p.content.endsWith('\n\n'),
    bareLfTail: bareLf(p.tail),
    spaceBeforeTj: p.content.includes(') Tj'),
  }
}

const corpus = readCorpus()
const real = (['alfa', 'gazprombank'] as const).flatMap((family) =>
  (corpus.get(family) ?? []).map((file, i) => ({ family, index: i + 1, bytes: file.bytes })),
)

// The writer marks earlier versions of the tool left, looked for on forgeries of the real receipts: none.
describe.skipIf(real.length === 0)('writer marks on the real development receipts', () => {
  it.each(real)('$family receipt #$index: neither genuine nor forgery marked', async ({ family, bytes }) => {
    const forgedReal = await forge(bytes, family, `${family}.pdf`)
    // Genuine GPB (iText) writes LF line ends throughout, so a bare LF is a mark on Alfa only.
    const unmarked = { extraNewline: false, bareLfTail: family !== 'alfa', spaceBeforeTj: false }
    expect(marks(bytes)).toEqual(unmarked)
    expect(marks(forgedReal)).toEqual(unmarked)
  })
})
