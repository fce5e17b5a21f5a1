/**
 * Computes a value on first use and keeps it. The banks' logos and stamps are the same in every receipt of a
 * bank, so the generator builds and compresses each synthetic image once per process.
 */
export function once<T>(build: () => T): () => T {
  let value: T | undefined
  let built = false
  return () => {
    if (!built) {
      value = build()
      built = true
    }
    return value as T
  }
}
