/**
 * The matchers against real receipts, read in place from ../shared/corpus/real (skipped when absent). For
 * each receipt an expectation is built from its own extracted fields, in the forms a client would send
 * (transliterated name, masked phone, bank by id or name, a window around the time): everything must match;
 * a perturbed copy must not. Assertions and messages are counts and field names only, never values.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Expectation, ReceiptFields } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../readers/pdf/parse-pdf'
import { extractReceipt } from '../extraction'
import { canonicalBank } from './bank-aliases'
import { matchExpectation } from './match-expectation'
import { identifierKinds } from './match-masked-digits'
import { transliterate } from './transliterate'

const corpus = join(import.meta.dirname, '..', '..', '..', '..', '..', '..', 'shared', 'corpus', 'real')
const perFamily = 12

function sample(): string[] {
  if (!existsSync(corpus)) return []
  return readdirSync(corpus, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(corpus, d.name))
        .filter((f) => f.toLowerCase().endsWith('.pdf'))
        .sort()
        .slice(0, perFamily)
        .map((f) => join(corpus, d.name, f)),
    )
}

/** Keeps the first two and last two digits visible, as a client's masked phone might. */
const maskPhone = (s: string) => {
  const digits = [...s].filter((c) => /\d/.test(c)).length
  let i = 0
  return s.replace(/\d/g, (d) => {
    i += 1
    return i <= 4 || i > digits - 2 ? d : '*'
  })
}

function expectationFrom(f: ReceiptFields): Expectation {
  const e: Expectation = {}
  if (f.amount !== null && f.currency !== null) Object.assign(e, { amount: f.amount, currency: f.currency })
  const recipient: NonNullable<Expectation['recipient']> = {}
  if (f.recipient_name !== null) recipient.name = transliterate(f.recipient_name)
  if (f.recipient_account !== null) {
    const kind = identifierKinds(f.recipient_account)[0]!
    recipient[kind] = kind === 'phone' ? maskPhone(f.recipient_account) : f.recipient_account
  }
  if (Object.keys(recipient).length > 0) e.recipient = recipient
  if (f.bank !== null) e.bank = [canonicalBank(f.bank) ?? f.bank]
  if (f.paid_at !== null) e.window = { at: f.paid_at, tolerance_seconds: 120 }
  if (f.type !== null) e.type = f.type
  return e
}

const files = sample()

describe.skipIf(files.length === 0)('matching real receipts against expectations built from them', () => {
  it('every asked flag matches; perturbed amounts and windows do not', async () => {
    const failures: string[] = []
    let asked = 0
    for (const file of files) {
      const extraction = extractReceipt(await parsePdf(new Uint8Array(readFileSync(file))))
      const f = extraction.fields
      const e = expectationFrom(f)
      asked += Object.keys(e).length
      const flags = matchExpectation(f, e)
      for (const [flag, ok] of Object.entries(flags)) {
        if (flag === 'status' && f.status_ok !== true) continue
        if (!ok) failures.push(`${extraction.family}: ${flag}`)
      }
      if (e.amount !== undefined && matchExpectation(f, { ...e, amount: e.amount + 0.01 }).amount)
        failures.push(`${extraction.family}: amount+0.01 matched`)
      if (f.paid_at !== null) {
        const later = new Date(Date.parse(f.paid_at) + 3_600_000).toISOString()
        if (matchExpectation(f, { window: { at: later, tolerance_seconds: 60 } }).window)
          failures.push(`${extraction.family}: window +1h matched`)
      }
    }
    expect(asked).toBeGreaterThan(files.length * 3)
    expect(failures).toEqual([])
  }, 300_000)
})
