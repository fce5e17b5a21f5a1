import type { ReceiptFields } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import type { ExtractionResult } from '../../vocabulary/stage-contracts'
import { deriveReplayKeys, toReplayExtraction } from './derive-replay-keys'
import { judgeReplay } from './judge-replay'

// One made-up operation, read once from its PDF and once from a screenshot of it.
const fields = exampleRecord().fields
function read(family: string, text: string, over: Partial<ReceiptFields> = {}): ExtractionResult {
  return { family, fields: { ...fields, ...over }, normalizedText: text, facts: {} }
}
const keys = (fileSha: string, e: ExtractionResult) =>
  deriveReplayKeys({ fileSha256: fileSha, extraction: toReplayExtraction(e), tenantId: 't1' })

describe('replay keys across a PDF and a picture of the same receipt', () => {
  const pdf = keys('a'.repeat(64), read('vtb/sbp_outgoing', 'text layer of the PDF'))

  it('the operation id key comes from the fields only: a screenshot meets its PDF', () => {
    const image = keys('b'.repeat(64), read('vtb/sbp_outgoing', 'OCR text, different whitespace and noise'))
    expect(image.operation_id).toBe(pdf.operation_id)
    expect(image.file_sha256).not.toBe(pdf.file_sha256)
    expect(image.content_hash).not.toBe(pdf.content_hash)
  })

  it('a picture whose layout was not recognised still meets the PDF: SBP id alone, or bank + number', () => {
    const unknownImage = keys('b'.repeat(64), read('unknown', 'OCR text'))
    expect(unknownImage.operation_id).toBe(pdf.operation_id)
    const number = { receipt_number: 'C120473001', payment_reference: null }
    const alfaPdf = keys('a'.repeat(64), read('alfa/sbp_outgoing', 'x', { ...number, bank: 'alfabank' }))
    const alfaImage = keys('b'.repeat(64), read('unknown', 'y', { ...number, bank: 'Альфа-Банк' }))
    expect(alfaImage.operation_id).toBe(alfaPdf.operation_id)
  })

  it('the same operation id with another amount on a picture is operation_id_reused', () => {
    const edited = keys('b'.repeat(64), read('unknown', 'OCR text', { amount: (fields.amount ?? 0) + 1000 }))
    const result = judgeReplay(edited, [
      { checkId: 'chk_pdf', createdAt: '2026-03-11T07:12:00.000Z', keys: pdf },
    ])
    expect(result.seen_before).toBe(true)
    expect(result.duplicate_of).toBe('chk_pdf')
    expect(result.keys_matched).toEqual(['operation_id'])
    expect(result.reasons).toContain('replay_operation_id_reused')
  })
})
