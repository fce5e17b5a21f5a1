/**
 * A masked card or account number read from a picture. Banks print a card as its first six and last four
 * digits around a run of `*` (Alfa `957461******0307`, VTB `5745 44** **** 7792`) and an account as a `*`
 * and its last four digits (VTB `*8253`). Tesseract reads the small asterisks as `#`, `%`, `+`, `=`, `ж`,
 * `х`, a quote or a degree sign (a photo's `"3725`), drops or adds one, and puts a space where the run
 * starts (`957461 *****+0307`). The shape puts it back:
 * - `*dddd`: one mask sign before four digits is the `*` (`#8253`);
 * - a card: six digits, a run of mask signs, four digits — and nothing else — is a 16-digit card, so the
 *   run is six `*` (`311175*****8941`); a reading of exactly 16 characters whose first six and last four
 *   are digits has its middle six masked whatever OCR made of them (`504755%##**42882`). It is written in
 *   groups of four when OCR read it so (VTB), else as one word (Alfa).
 * Anything else is returned as read. A rewritten value is a guess (a card of 18 or 19 digits would have
 * more stars): the caller keeps it below 0.9.
 */
import type { MaskGlyphs } from './mask-word'

const maskSign = '[*+#%=жЖхХxX×"\'°]'
const account = new RegExp(`^${maskSign}(\\d{4})$`, 'u')
const card = new RegExp(`^(\\d{6})${maskSign}{3,8}(\\d{4})$`, 'u')
const sixteen = /^(\d{6})\S{6}(\d{4})$/u
const oneSign = new RegExp(maskSign, 'u')
/** Mask signs with a gap between them: a run printed in groups (VTB `44** ****`). */
const groupedRun = new RegExp(`${maskSign}\\s+${maskSign}`, 'u')

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

/**
 * A masked number with its run of `*` as long as the pixels show it (packages/ocr `findMaskStars`, the same
 * count as a masked name's: an asterisk is drawn high, a digit reaches the baseline). OCR drops the whole run
 * (`1572271562` for `157227******1562`), reads a star as a digit (`95145827` for `951***5827`) or as signs and
 * a gap (`845505***##*1 3.43`). The digits are OCR's:
 * - when it read a mask sign, the digits before the first and after the last; a side with more digits than
 *   the pixels show keeps those away from the run (a star read as a digit beside it);
 * - when it read digits only, the first and last as many as the pixels show on each side, and only if the
 *   digits between are no more than the run's stars (each a star read as a digit).
 * Null — the reading left as it is — for a run under two stars (one high blob may be a quote or a dash), a
 * run no digit opens (a phone's `+7`: the `+` is drawn high too), or when a side has fewer digits than the
 * pixels show.
 */
export function maskNumber(read: string, glyphs: MaskGlyphs): string | null {
  if (glyphs.stars < 2 || glyphs.before < 1) return null
  // A run printed in groups: the pixels' count would take its gaps for stars.
  if (groupedRun.test(read)) return null
  const compact = read.replace(/\s+/g, '')
  const signs = [...compact].map((ch) => oneSign.test(ch))
  const first = signs.indexOf(true)
  let head: string
  let tail: string
  if (first >= 0) {
    const last = signs.lastIndexOf(true)
    head = digitsOf(compact.slice(0, first))
    tail = digitsOf(compact.slice(last + 1))
  } else {
    if (!/^[\d.,|\]!Il]+$/.test(compact)) return null
    const digits = digitsOf(compact)
    const middle = digits.length - glyphs.before - glyphs.after
    if (middle < 0 || middle > glyphs.stars) return null
    head = digits
    tail = digits
  }
  if (head.length < glyphs.before || tail.length < glyphs.after) return null
  return `${head.slice(0, glyphs.before)}${'*'.repeat(glyphs.stars)}${tail.slice(tail.length - glyphs.after)}`
}

/** The digits of a side, a `1` read as a bar or bracket (`]343` for `1343`) counted as the `1` it is. */
function digitsOf(text: string): string {
  return text.replace(/[|\]![Il]/g, '1').replace(/\D/g, '')
}
