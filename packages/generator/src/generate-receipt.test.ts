import { checkRecordSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { decodeSbpTime } from './data/sbp-id'
import { fromMsk } from './format/time'
import { type GeneratedReceipt, generateReceipt, generatorFamilies } from './index'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
ajv.addSchema(checkRecordSchema)
const validateFields = ajv.compile({ $ref: `${checkRecordSchema.$id}#/$defs/ReceiptFields` })

const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f']
const all: GeneratedReceipt[] = generatorFamilies.flatMap((f) => {
  const [family, variant] = f.split('/') as [string, string]
  return SEEDS.map((seed) => generateReceipt({ family, variant, seed }))
})

const printed = (r: GeneratedReceipt, label: string): string => {
  const hit = r.truth.printed.find(([l]) => l === label)
  if (!hit) throw new Error(`${r.truth.family} has no printed ${label}`)
  return hit[1]
}

/** Moscow wall time in a printed `DD.MM.YYYY[,| в] HH:MM[:SS]` string, as epoch ms. */
const parseMsk = (text: string): number => {
  const m = /(\d\d)\.(\d\d)\.(\d{4}),? (?:в )?(\d\d):(\d\d)(?::(\d\d))?/.exec(text)
  if (!m) throw new Error(`no time in ${text}`)
  return fromMsk(+m[3]!, +m[2]!, +m[1]!, +m[4]!, +m[5]!, +(m[6] ?? 0))
}

const SBP_ID = /^[AB]\d{10}[0-9A-Z]{21}$/

describe('generateReceipt', () => {
  it('covers every variant named in FAMILIES.md', () => {
    expect([...generatorFamilies].sort()).toEqual(
      [
        'alfa/abroad_phone',
        'alfa/alfa_client',
        'alfa/card_to_card',
        'alfa/mobile',
        'alfa/sbp',
        'gazprombank/sbp',
        'ozon/sbp_outgoing',
        'pochtabank/sbp',
        'sberbank/sber_client',
        'tbank/qr_purchase',
        'tbank/sbp',
        'vtb/abroad_phone',
        'vtb/card_abroad',
        'vtb/salary',
        'vtb/sbp_incoming',
        'vtb/sbp_outgoing',
        'vtb/tax',
        'vtb/vtb_client',
      ].sort(),
    )
  })

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', () => {
    for (const f of generatorFamilies) {
      const [family, variant] = f.split('/') as [string, string]
      const a = generateReceipt({ family, variant, seed: 42 })
      const b = generateReceipt({ family, variant, seed: 42 })
      const c = generateReceipt({ family, variant, seed: 43 })
      expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf)), f).toBe(true)
      expect(a.truth).toEqual(b.truth)
      expect(Buffer.from(a.pdf).equals(Buffer.from(c.pdf)), f).toBe(false)
    }
  })

  it('writes ground truth in the check record ReceiptFields shape', () => {
    for (const r of all) {
      const ok = validateFields(r.truth.fields)
      expect(ok, `${r.truth.family}: ${JSON.stringify(validateFields.errors)}`).toBe(true)
      expect(r.truth.fields.currency).toBe('RUB')
      expect(r.truth.fields.amount).toBeGreaterThan(0)
      expect(r.truth.fields.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    }
  })

  it('encodes the SBP id consistently with the printed time (per-family agreement)', () => {
    // printed MSK − decoded id time, in seconds (FAMILIES.md agreement table; minute-precision banks floor).
    const window: Record<string, [number, number]> = {
      vtb: [-56, 9],
      alfa: [-7, 0],
      tbank: [-1, -1],
      gazprombank: [-53, -22],
      ozon: [-38, -28],
    }
    let checked = 0
    for (const r of all) {
      const id = r.truth.fields.receipt_number
      if (!id || !SBP_ID.test(id)) continue
      expect(id).toMatch(SBP_ID)
      const bank = r.truth.family.split('/')[0]!
      const label = {
        vtb: 'Дата операции',
        alfa: 'Дата и время перевода',
        tbank: 'date',
        gazprombank: 'Дата и время операции:',
        ozon: 'Перевод',
      }[bank]!
      const idAt = decodeSbpTime(id, 2026)
      const delta = (parseMsk(printed(r, label)) - idAt) / 1000
      const [lo, hi] = window[bank]!
      expect(delta, `${r.truth.family} ${r.truth.seed}`).toBeGreaterThanOrEqual(lo)
      expect(delta, `${r.truth.family} ${r.truth.seed}`).toBeLessThanOrEqual(hi)
      // An agreeing id is the source either way (docs/extraction.md): minute-precision receipts take their
      // seconds from it, receipts that print seconds keep the printed time, which the id confirms.
      expect(r.truth.fields.paid_at_source, `${r.truth.family} ${r.truth.seed}`).toBe('receipt_number')
      const seconds = bank === 'alfa' || bank === 'tbank'
      expect(Date.parse(r.truth.fields.paid_at!)).toBe(seconds ? parseMsk(printed(r, label)) : idAt)
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(36)
  })

  it('prints a VTB salary payer and purpose as one paragraph under the title, as the truth splits it', () => {
    for (const r of all.filter((x) => x.truth.family === 'vtb/salary')) {
      const lines = r.truth.printed.filter(([k]) => /^heading\d+$/.test(k)).map(([, v]) => v)
      expect(lines[0]).toBe('Поступление заработной платы')
      const { sender_name, purpose } = r.truth.fields
      expect(lines.slice(1).join(' ')).toMatch(/^[1-9]\d{9} /)
      expect(
        lines
          .slice(1)
          .join(' ')
          .replace(/^\d{10} /, ''),
      ).toBe(`${sender_name} ${purpose}`)
      expect(sender_name).toMatch(/^[А-ЯЁ]{2,8} "[^"]+"$/)
      // six paragraph lines give the observed page height; each other count moves the rows by 12 pt
      expect(r.truth.meta.pageSize[1]).toBe(294.75 + 12 * (lines.length - 1))
    }
  })

  it('names files in the banks own patterns', () => {
    for (const r of all) {
      const bank = r.truth.family.split('/')[0]
      if (bank === 'vtb') {
        // phone on UTC+2: printed MSK minus one hour
        const m = /^(\d\d)-(\d\d)-(\d\d)_(\d\d)-(\d\d)\.pdf$/.exec(r.filename)
        expect(m, r.filename).not.toBeNull()
        const named = fromMsk(2000 + +m![3]!, +m![2]!, +m![1]!, +m![4]!, +m![5]!)
        expect(parseMsk(printed(r, 'Дата операции')) - named).toBe(3600_000)
      } else if (bank === 'alfa') {
        const m = /^AM_(\d{13})\.pdf$/.exec(r.filename)
        expect(m, r.filename).not.toBeNull()
        const lag = (+m![1]! - parseMsk(printed(r, 'Сформирована'))) / 1000
        expect(lag).toBeGreaterThanOrEqual(-305)
        expect(lag).toBeLessThanOrEqual(3660)
      } else if (bank === 'ozon') {
        expect(r.filename).toMatch(/^ozonbank_document_\d{14}\.pdf$/)
        const d = r.filename.slice(18, 32)
        const named = fromMsk(
          +d.slice(0, 4),
          +d.slice(4, 6),
          +d.slice(6, 8),
          +d.slice(8, 10),
          +d.slice(10, 12),
          +d.slice(12, 14),
        )
        const created = r.truth.meta.creationDate!
        const c = /D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)/.exec(created)!
        expect(Date.UTC(+c[1]!, +c[2]! - 1, +c[3]!, +c[4]!, +c[5]!, +c[6]!) - named).toBe(1000)
      }
    }
  })

  it('gives Alfa operation numbers the DDMMYY of the printed date and the type prefix', () => {
    const prefixes: Record<string, RegExp> = {
      'alfa/sbp': /^C(16|42)/,
      'alfa/alfa_client': /^C07/,
      'alfa/abroad_phone': /^C(82|60)/,
      'alfa/card_to_card': /^Z09/,
      'alfa/mobile': /^A01/,
    }
    for (const r of all.filter((x) => x.truth.family.startsWith('alfa/'))) {
      const ref = r.truth.fields.payment_reference!
      expect(ref).toMatch(/^[A-Z]\d{15}$/)
      expect(ref).toMatch(prefixes[r.truth.family]!)
      const label = r.truth.family === 'alfa/mobile' ? 'Дата и время платежа' : 'Дата и время перевода'
      const [dd, mm, yyyy] = printed(r, label).slice(0, 10).split('.')
      expect(ref.slice(3, 9)).toBe(`${dd}${mm}${yyyy!.slice(2)}`)
    }
  })

  it('produces midnight-window receipts whose id carries the previous UTC day', () => {
    const r = generateReceipt({
      family: 'vtb',
      variant: 'sbp_outgoing',
      seed: 'midnight',
      overrides: { paidAt: '2026-03-06T22:31:10Z' },
    })
    expect(printed(r, 'Дата операции')).toBe('07.03.2026, 01:31')
    expect(r.truth.fields.receipt_number!.slice(1, 11)).toBe('6065223110')
    expect(r.filename).toBe('07-03-26_00-31.pdf')
  })

  it('applies overrides to the printed values and the truth alike', () => {
    const r = generateReceipt({
      family: 'alfa',
      variant: 'sbp',
      seed: 1,
      overrides: { amount: 1049.2, recipientName: 'Иван Петрович К', recipientBank: 'Сбербанк' },
    })
    expect(printed(r, 'Сумма перевода')).toBe('1\u00a0049,20\u00a0RUR')
    expect(r.truth.fields.amount).toBe(1049.2)
    expect(printed(r, 'Получатель')).toBe('Иван Петрович К')
    expect(r.truth.fields.bank).toBe('sberbank')
  })

  it('keeps operations and downloads before the fixed "now"', () => {
    for (const now of ['2025-09-01T00:00:00Z', '2026-04-30T20:59:59Z']) {
      for (const f of generatorFamilies) {
        const [family, variant] = f.split('/') as [string, string]
        for (const seed of SEEDS) {
          const r = generateReceipt({ family, variant, seed, now })
          const paid = Date.parse(r.truth.fields.paid_at!)
          expect(paid).toBeLessThan(Date.parse(now))
          expect(paid).toBeGreaterThan(Date.parse(now) - 427 * 86_400_000)
          if (family === 'alfa')
            expect(parseMsk(printed(r, 'Сформирована'))).toBeLessThanOrEqual(Date.parse(now))
        }
      }
    }
  })

  it('rejects overrides it cannot honour', () => {
    expect(() =>
      generateReceipt({
        family: 'vtb',
        variant: 'sbp_outgoing',
        seed: 1,
        overrides: { paidAt: 'yesterday' },
      }),
    ).toThrow(/paidAt/)
    expect(() =>
      generateReceipt({ family: 'ozon', variant: 'sbp_outgoing', seed: 1, overrides: { amount: 0 } }),
    ).toThrow(/amount/)
  })

  it('rejects unknown families and variants', () => {
    expect(() => generateReceipt({ family: 'sber', variant: 'sbp', seed: 1 })).toThrow(/unknown family/)
    expect(() => generateReceipt({ family: 'vtb', variant: 'sbp', seed: 1 })).toThrow(/unknown variant/)
  })
})
