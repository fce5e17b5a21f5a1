/** MongoDB (and FerretDB) report a unique-index violation with code 11000. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
}
