/**
 * The document text a model prompt carries, capped: a hostile or huge document (a PDF with megabytes of
 * text) must not become a prompt that costs its size in tokens. A receipt's fields sit in its first
 * screenful, so the head is kept; grounding still checks the answer against the whole text.
 */
export const truncationMark = '\n[…]'

/**
 * @example modelPromptText('a'.repeat(10_000), 6000).length // 6000
 */
export function modelPromptText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  let end = Math.max(0, maxChars - truncationMark.length)
  // Never split a surrogate pair.
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end -= 1
  return `${text.slice(0, end)}${truncationMark}`
}
