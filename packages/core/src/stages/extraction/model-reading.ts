/**
 * What the vision model is asked for: each field *as printed* on the receipt (a transcription, not an
 * interpretation). The deterministic parsers then interpret it (`parseMoney`, `parseDateTime`, ...) and
 * `groundModelReading` checks every transcription against the OCR text, so the model can read but never
 * decide a value on its own.
 */
export const modelReadingFields = [
  'bank',
  'amount',
  'commission',
  'status',
  'paid_at',
  'receipt_number',
  'recipient_name',
  'recipient_account',
  'sender_name',
  'purpose',
  'payment_reference',
] as const

export type ModelReadingField = (typeof modelReadingFields)[number]

/** One structured answer of the model: every member present, null when not printed. */
export type ModelReading = Record<ModelReadingField, string | null>

const descriptions: Record<ModelReadingField, string> = {
  bank: 'Name of the bank that issued the receipt, as printed.',
  amount: 'Transferred amount with its currency sign, as printed (e.g. "1 234,50 ₽"), commission excluded.',
  commission: 'Commission as printed (e.g. "0 ₽" or "Без комиссии").',
  status: 'Operation status wording as printed (e.g. "Выполнено", "Успешно").',
  paid_at: 'Operation date and time as printed, format DD.MM.YYYY HH:MM or DD.MM.YYYY HH:MM:SS.',
  receipt_number:
    'SBP operation id (32 characters starting with A or B) if printed, else the operation or receipt number.',
  recipient_name: 'Recipient name as printed.',
  recipient_account: 'Recipient phone, card or account as printed (keep masks).',
  sender_name: 'Sender name as printed.',
  purpose: 'Message or purpose of payment as printed.',
  payment_reference: "Bank's own operation or document number when distinct from the SBP id.",
}

/**
 * The JSON Schema of the structured output (OpenAI `response_format: json_schema`, strict: every member
 * required, nullable, no other members).
 */
export const modelReadingJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...modelReadingFields],
  properties: Object.fromEntries(
    modelReadingFields.map((f) => [f, { type: ['string', 'null'], description: descriptions[f] }]),
  ),
} as const

/** Keeps only string members of the known fields; anything else the model sent is dropped. */
export function toModelReading(value: unknown): ModelReading | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const source = value as Record<string, unknown>
  const reading = {} as ModelReading
  for (const field of modelReadingFields) {
    const v = source[field]
    reading[field] = typeof v === 'string' && v.trim() !== '' ? v : null
  }
  return reading
}
