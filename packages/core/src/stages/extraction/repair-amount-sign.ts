/**
 * An amount on a picture of a receipt whose family prints `₽` after every amount (family.json
 * `image.amountSign`): tesseract has no ruble glyph and returns it as `P`, `?`, `°`, `#` — or as a `2`, glued
 * (`6002`) or apart (`9 334 2`). Read as printed, `6002` is a wrong amount; knowing the sign must be there,
 * its lookalike at the end is the sign. A `2` is also a real digit, so an amount repaired from a `2` is
 * returned as ambiguous: the caller lowers its confidence below what would let it pass unchecked.
 * Alfa prints the code `RUR` instead: a blurred photo may read it as Cyrillic capitals (`ВОВ`), which names
 * no currency; a three-capital word after the number is then that code (the number itself was read).
 * Returns null when the text already names its currency or has no lookalike at its end.
 */
import { type Money, parseMoney } from './parse-amount'

/** The sign's lookalike at the end, one glyph or two (`°?`: a bold `₽` may split in two). */
const signLookalike = /^(.*\d)\s*([?°#]?[PР?°#2])$/u
/**
 * On a large bold amount tesseract may take the digits for their letter twins (`З` for 3, `О` for 0, `Б` —
 * flat top, round bowl — for 5) with high confidence: a value made only of digits and such twins is read back as digits, ambiguous.
 */
const digitTwins: Record<string, string> = {
  З: '3',
  О: '0',
  о: '0',
  O: '0',
  o: '0',
  Б: '5',
  б: '6',
  Ч: '4',
  l: '1',
  I: '1',
  S: '5',
  B: '8',
  Z: '2',
}
const twinsOnly = /^[\d\sЗОоOoБбЧlISBZ.,]*[ЗОоOoБбЧlISBZ][\d\sЗОоOoБбЧlISBZ.,]*(?:\s*[PР?°#₽])?$/u
/** A three-letter code misread on a blurred picture (`RUR` as `ВОВ`, `ВОК`): capitals of either script. */
const codeLookalike = /^(.*\d)\s+([A-ZА-ЯЁ]{3})$/u

/** `0 RUR` read as one word with its zero as a letter: `ORUR`, `ОRUR`. */
const zeroCodeLookalike = /^[0OОoо]\s?[A-ZА-ЯЁ]{3}$/u

export function repairAmountSign(
  raw: string,
  sign: string,
  /** Whether a zero is a possible value (a commission, never a transfer's amount). */
  zeroAllowed = false,
): { money: Money; ambiguous: boolean } | null {
  const asRead = parseMoney(raw)
  if (asRead?.currency) return null
  if (sign.length === 3) {
    // A code, not a glyph: the number is intact, only its unit was misread.
    const code = codeLookalike.exec(raw.trim())
    const money = code ? parseMoney(`${code[1]} ${sign}`) : null
    if (money) return { money, ambiguous: false }
    // `0 RUR` on a screenshot may come back as one word, its zero a letter O (`ORUR`): a zero, ambiguous.
    const zero = zeroAllowed ? zeroCodeLookalike.exec(raw.trim()) : null
    const nothing = zero ? parseMoney(`0 ${sign}`) : null
    return nothing ? { money: nothing, ambiguous: true } : null
  }
  const trimmed = raw.trim()
  if (!asRead && twinsOnly.test(trimmed)) {
    const body = trimmed.replace(/\s*[PР?°#₽]$/u, '')
    const money = parseMoney(`${body.replace(/[^\d\s.,]/gu, (ch) => digitTwins[ch] ?? ch)} ${sign}`)
    // `ООО` is a company's form, not a zero: a repaired amount must be worth something.
    return money && money.value > 0 ? { money, ambiguous: true } : null
  }
  const match = signLookalike.exec(trimmed)
  if (!match) return null
  const money = parseMoney(`${match[1]} ${sign}`)
  return money ? { money, ambiguous: match[2] === '2' } : null
}
