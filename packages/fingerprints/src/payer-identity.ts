/**
 * Who paid, as an opaque identity: the learning guard counts distinct payers of a new template version and
 * must not hold who they are. The payer is the sender name extraction read (VTB, T-Bank) or, where the
 * receipt prints none (Alfa's transfers), the debit account or card printed beside its label (often masked:
 * `*1234`). The text is normalised — Unicode compatibility form, case, ё/е, spacing — and hashed; the digest
 * lives only in memory during one learn, and the report states counts, never names, accounts or digests.
 * A name that is only initials collides with other payers' (under-counting: the guard errs towards refusing).
 */
import { createHash } from 'node:crypto'
import type { ExtractionResult, PdfModel } from '@rv/core'

/** Labels of the payer's debit account or card as the banks print them. */
const SENDER_ACCOUNT_LABELS = new Set(
  ['Счёт списания', 'Счет списания', 'Номер карты отправителя', 'Карта отправителя', 'Счёт отправителя'].map(
    (l) => normalise(l),
  ),
)

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim()
}

const digest = (kind: string, text: string) =>
  createHash('sha256').update(`${kind}\u0000${text}`).digest('hex').slice(0, 32)

/** The value printed beside (same row, to the right) or below (same left edge) a debit-account label. */
export function senderAccountOf(runs: PdfModel['runs']): string | null {
  for (const label of runs) {
    if (!SENDER_ACCOUNT_LABELS.has(normalise(label.text).replace(/:$/, ''))) continue
    const others = runs.filter((r) => r !== label && r.page === label.page)
    const right = others
      .filter((r) => Math.abs(r.y - label.y) < 3 && r.x > label.x + label.width - 1)
      .sort((a, b) => a.x - b.x)[0]
    const below = others
      .filter((r) => Math.abs(r.x - label.x) < 3 && r.y > label.y + 1)
      .sort((a, b) => a.y - b.y)[0]
    const value = (right ?? below)?.text.replace(/\s+/g, '')
    if (value && /\d/.test(value)) return value
  }
  return null
}

/** @example payerIdentity(extraction, model) — equal for 'Иван  И.' and 'иван и.' */
export function payerIdentity(
  extraction: Pick<ExtractionResult, 'fields'>,
  model?: Pick<PdfModel, 'runs'>,
): string | null {
  const name = normalise(extraction.fields.sender_name ?? '')
  if (name !== '') return digest('name', name)
  const account = model ? senderAccountOf(model.runs) : null
  return account === null ? null : digest('account', account)
}
