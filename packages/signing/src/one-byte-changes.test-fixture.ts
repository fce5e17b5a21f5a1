/**
 * Every one-byte change of a JSON text that keeps it JSON: each digit or lower-case letter changed to the
 * next of its kind, from `from` on. What "fails after one changed byte" is tested with, here and in
 * @rv/client (`@rv/signing/one-byte-changes`).
 *
 * @example
 * for (const [at, changed] of oneByteChanges(JSON.stringify(event))) expect(verify(changed).ok).toBe(false)
 */
export function* oneByteChanges(text: string, from = 0): Generator<[number, unknown]> {
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!
    const swapped = /[0-8]/.test(ch)
      ? String(Number(ch) + 1)
      : /[a-y]/.test(ch)
        ? String.fromCharCode(ch.charCodeAt(0) + 1)
        : undefined
    if (!swapped) continue
    let changed: unknown
    try {
      changed = JSON.parse(text.slice(0, i) + swapped + text.slice(i + 1))
    } catch {
      continue
    }
    yield [i, changed]
  }
}
