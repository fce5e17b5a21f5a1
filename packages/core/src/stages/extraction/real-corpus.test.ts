/**
 * Reads the real development receipts in place (`../shared/corpus/real` from the repo root) and asserts
 * only non-identifying properties. Skips when the folder is absent. Never prints extracted values: failure
 * messages name the file and the property, not the value.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../readers/pdf/parse-pdf'
import { families } from '../families'
import { extractReceipt } from './extract-receipt'

const corpus = fileURLToPath(new URL('../../../../../../shared/corpus/real/', import.meta.url))
const manifestPath = `${corpus}MANIFEST.tsv`
const present = existsSync(manifestPath)

interface Row {
  file: string
  family: string
  variant: string
  opTimeMsk: string
}

function readManifest(): Row[] {
  const [, ...rows] = readFileSync(manifestPath, 'utf8').trim().split('\n')
  return rows.map((row) => {
    const [file = '', family = '', variant = '', opTimeMsk = ''] = row.split('\t')
    return { file, family, variant, opTimeMsk }
  })
}

/** The MANIFEST names variants by printed title (`… [no commission]`) or by id (`sbp`). */
function expectedVariant(row: Row): string | undefined {
  const family = families.find((f) => f.family === row.family)
  const title = row.variant.replace(/\s*\[.*\]$/, '')
  return family?.variants.find((v) => v.variant === title || v.titles.some((t) => t[0] === title))?.variant
}

/**
 * The third source's rows (`kit-donor_*`, added 2026-11-28) name every T-Bank transfer `sbp`, the kit's word for
 * any transfer; two of them print no SBP id and are T-Bank's own transfers (`Клиенту Т-Банка`, by phone within
 * T-Bank). For those rows the variant must be the one the receipt's own `Перевод` row names, and `sbp` exactly
 * when the receipt prints an SBP id.
 */
function acceptedVariants(row: Row, text: string): string[] {
  const variant = expectedVariant(row)
  if (!row.file.includes('kit-donor_') || variant !== 'sbp') return variant ? [variant] : []
  if (/Идентификатор операции/.test(text)) return ['sbp']
  if (/Клиенту Т-Банка/.test(text)) return ['tbank_client']
  return /По номеру телефона/.test(text) ? ['phone_within'] : []
}

function opTimeMs(row: Row): { ms: number; precision: 'second' | 'minute' } {
  const withSeconds = /\d{2}:\d{2}:\d{2}$/.test(row.opTimeMsk)
  const iso = `${row.opTimeMsk.replace(' ', 'T')}${withSeconds ? '' : ':00'}+03:00`
  return { ms: Date.parse(iso), precision: withSeconds ? 'second' : 'minute' }
}

describe.skipIf(!present)('real development receipts (read in place, values never printed)', () => {
  const rows = present ? readManifest() : []

  it('has a MANIFEST with rows', () => {
    expect(rows.length).toBeGreaterThan(0)
  })

  for (const row of rows) {
    it(`${row.file}: family, amount, SBP id time and paid_at agree with the MANIFEST`, async () => {
      const model = await parsePdf(new Uint8Array(readFileSync(corpus + row.file)))
      const result = extractReceipt(model)
      const variants = acceptedVariants(row, model.runs.map((r) => r.text).join(' '))
      expect(variants.length, 'MANIFEST variant maps to a family variant').toBe(1)
      expect(result.family === `${row.family}/${variants[0]}`, 'family/variant recognised').toBe(true)
      const amount = result.fields.amount
      expect(typeof amount === 'number' && amount > 0, 'amount parses and is positive').toBe(true)
      expect(result.fields.currency === 'RUB', 'currency is RUB').toBe(true)
      expect(result.facts['family_label_coverage'] === 1, 'every required label found').toBe(true)
      expect(result.facts['text_control_chars'] === 0, 'no control characters in the text layer').toBe(true)
      expect(result.facts['text_replacement_chars'] === 0, 'no U+FFFD in the text layer').toBe(true)
      const weak = Object.entries(result.fields.confidence).filter(([, c]) => c < 0.9)
      expect(
        weak.map(([k]) => k),
        'fields read from a genuine receipt are trusted (>= 0.9)',
      ).toEqual([])
      if (result.facts['sbp_id'] !== null) {
        expect(result.facts['sbp_id_consistent'] === true, 'SBP id time matches the printed time').toBe(true)
        // A held transfer prints its execution, after the id: paid_at is the printed time (FAMILIES.md, "wild").
        const held = result.facts['sbp_id_held_seconds'] !== null
        expect(
          result.fields.paid_at_source === (held ? 'printed' : 'receipt_number'),
          'paid_at confirmed by the SBP id, or printed for a held transfer',
        ).toBe(true)
      }
      const op = opTimeMs(row)
      const paidAt = Date.parse(result.fields.paid_at ?? '')
      const delta = (paidAt - op.ms) / 1000
      if (op.precision === 'second' || result.fields.paid_at_source === 'printed') {
        expect(delta === 0, 'paid_at equals the MANIFEST time in UTC').toBe(true)
      } else {
        // Minute-precision receipts take their seconds from the SBP id (FAMILIES.md agreement −56…+9 s).
        expect(delta >= -15 && delta <= 75, 'paid_at within the printed minute window').toBe(true)
      }
    })
  }
})
