/** MongoDB (and FerretDB) report a unique-index violation with code 11000. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
}

/**
 * Of an ordered `insertMany` that stopped on a unique-index violation: the index (in the inserted array)
 * of the document refused, every one before it being inserted. Undefined when the error is anything else.
 */
export function duplicateKeyIndex(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const raw = (error as { writeErrors?: unknown }).writeErrors
  const writeErrors = (Array.isArray(raw) ? raw : raw ? [raw] : []) as { index?: unknown; code?: unknown }[]
  const first = writeErrors[0]
  if (writeErrors.length !== 1 || first?.code !== 11000 || typeof first.index !== 'number') return undefined
  return first.index
}
