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

const signLookalike = /^(.*\d)\s*([PР?°#2])$/u
/** A three-letter code misread on a blurred picture (`RUR` as `ВОВ`, `ВОК`): capitals of either script. */
const codeLookalike = /^(.*\d)\s+([A-ZА-ЯЁ]{3})$/u

export function repairAmountSign(raw: string, sign: string): { money: Money; ambiguous: boolean } | null {
  const asRead = parseMoney(raw)
  if (asRead?.currency) return null
  if (sign.length === 3) {
    // A code, not a glyph: the number is intact, only its unit was misread.
    const code = codeLookalike.exec(raw.trim())
    const money = code ? parseMoney(`${code[1]} ${sign}`) : null
    return money ? { money, ambiguous: false } : null
  }
  const match = signLookalike.exec(raw.trim())
  if (!match) return null
  const money = parseMoney(`${match[1]} ${sign}`)
  return money ? { money, ambiguous: match[2] === '2' } : null
}
