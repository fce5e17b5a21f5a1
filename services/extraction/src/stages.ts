import type { ExtractionResult, ExtractStage, PdfModel } from '@rv/core'

/**
 * TEMPORARY bridge while packages/core/src/extraction (helper-2) is landing: resolved at run time so the
 * pipeline runs end to end before it exists. The fallback reads no fields (family `unknown`, every field
 * null), which the decision turns into review, never into an accept.
 */
export async function loadExtractReceipt(): Promise<ExtractStage> {
  const specifier = '@rv/core/extraction/index'
  try {
    const mod = (await import(specifier)) as { extractReceipt?: ExtractStage }
    if (typeof mod.extractReceipt === 'function') return mod.extractReceipt
  } catch {
    // not landed yet
  }
  return fallbackExtract
}

function fallbackExtract(model: PdfModel): ExtractionResult {
  const normalizedText = model.runs
    .map((r) => r.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  return {
    family: 'unknown',
    fields: {
      bank: null,
      amount: null,
      currency: null,
      type: null,
      status_ok: null,
      receipt_number: null,
      paid_at: null,
      paid_at_source: null,
      recipient_name: null,
      recipient_account: null,
      payment_reference: null,
      purpose: null,
      sender_name: null,
      commission: null,
      source: 'none',
      language: null,
      confidence: {},
    },
    normalizedText,
    facts: {},
  }
}
