/**
 * A masked card or account number read from a picture. Banks print a card as its first six and last four
 * digits around a run of `*` (Alfa `957461******0307`, VTB `5745 44** **** 7792`) and an account as a `*`
 * and its last four digits (VTB `*8253`). Tesseract reads the small asterisks as `#`, `%`, `+`, `=`, `ж`,
 * `х`, drops or adds one, and puts a space where the run starts (`957461 *****+0307`). The shape puts it back:
 * - `*dddd`: one mask sign before four digits is the `*` (`#8253`);
 * - a card: six digits, a run of mask signs, four digits — and nothing else — is a 16-digit card, so the
 *   run is six `*` (`311175*****8941`); a reading of exactly 16 characters whose first six and last four
 *   are digits has its middle six masked whatever OCR made of them (`504755%##**42882`). It is written in
 *   groups of four when OCR read it so (VTB), else as one word (Alfa).
 * Anything else is returned as read. A rewritten value is a guess (a card of 18 or 19 digits would have
 * more stars): the caller keeps it below 0.9.
 */
const maskSign = '[*+#%=жЖхХxX×]'
const account = new RegExp(`^${maskSign}(\\d{4})$`, 'u')
const card = new RegExp(`^(\\d{6})${maskSign}{3,8}(\\d{4})$`, 'u')
const sixteen = /^(\d{6})\S{6}(\d{4})$/u

export function readMaskedNumber(read: string): string {
  const text = read.trim()
  const compact = text.replace(/\s+/g, '')
  const shown = account.exec(compact)
  if (shown) return `*${shown[1]}`
  const parts = card.exec(compact) ?? (/[*]/.test(compact) ? sixteen.exec(compact) : null)
  if (!parts) return text
  const masked = `${parts[1]}******${parts[2]}`
  // Groups of four when OCR saw them (VTB prints `5745 44** **** 7792`: three spaces or more).
  const grouped = (text.match(/\s+/g) ?? []).length >= 3
  return grouped ? (masked.match(/.{4}/g) ?? []).join(' ') : masked
}
