import { parsePdf } from '@rv/core'
import { extractReceipt } from '@rv/core/extraction'
import { generateReceipt } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { payerIdentity, senderAccountOf } from './payer-identity'

async function read(family: string, variant: string, seed: string, overrides = {}) {
  const model = await parsePdf(generateReceipt({ family, variant, seed, overrides }).pdf)
  return { model, extraction: extractReceipt(model) }
}

describe('payerIdentity', () => {
  it('is the sender name when read, normalised, and never the name itself', async () => {
    const a = await read('vtb', 'sbp_outgoing', 'a', { senderName: 'Анна Петровна Б.' })
    const b = await read('vtb', 'sbp_outgoing', 'b', { senderName: 'Анна Петровна Б.' })
    const c = await read('vtb', 'sbp_outgoing', 'c', { senderName: 'Олег Иванович К.' })
    const id = payerIdentity(a.extraction, a.model)
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(payerIdentity(b.extraction, b.model)).toBe(id)
    expect(payerIdentity(c.extraction, c.model)).not.toBe(id)
    expect(payerIdentity({ fields: { ...a.extraction.fields, sender_name: '  анна петровна  б. ' } })).toBe(
      id,
    )
  })

  it('is the debit account printed under its label where no name is (Alfa transfers)', async () => {
    const a = await read('alfa', 'sbp', 'a', { senderAccount: '40817810000000001111' })
    const b = await read('alfa', 'sbp', 'b', { senderAccount: '40817810000000001111' })
    const c = await read('alfa', 'sbp', 'c', { senderAccount: '40817810000000002222' })
    expect(a.extraction.fields.sender_name).toBeNull()
    expect(senderAccountOf(a.model.runs)).toBe('40817810000000001111')
    expect(payerIdentity(a.extraction, a.model)).toBe(payerIdentity(b.extraction, b.model))
    expect(payerIdentity(c.extraction, c.model)).not.toBe(payerIdentity(a.extraction, a.model))
    expect(payerIdentity({ fields: { ...a.extraction.fields } })).toBeNull()
  })
})
