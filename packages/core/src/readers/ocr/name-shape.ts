/**
 * Whether a name read from a picture bears a sign of a misreading. A name or a payee (`Куз****а И. П.`,
 * `Saidov K.`, `T2`, `ООО "Ромашка"`) is made of letters, digits in brand names, points, hyphens, quotes and
 * a mask's run of `*`; OCR's misreadings of a small font leave marks no printed name has:
 * - an initial read as a digit (`9.`, `3:`) — the ones words-to-runs could not turn back into a letter;
 * - a sign no name prints (`+`, `|`, `#`, `®`, `)` without `(`…);
 * - a letter inside a mask's run (`Куз**ж*а`: a `*` read as a letter), a digit in a masked word
 *   (`КУЗ******9`) or between letters;
 * - a word with letters of both scripts that have no twin in the other (`Pоман` is fine: `P` is a twin);
 * - a masked word whose letters before the run are lower case and the letter after it a capital
 *   (`Bon****B`): a mask keeps the case of the word it hides (`Куз****а`, `КУЗ******А`); such a capital is a
 *   lower-case Cyrillic letter drawn as a small capital (`в`, `н`, `к`, `м`, `т`) that the English model
 *   took for a Latin one, so the word around it was read in the wrong script too;
 * - a masked person's name (`Вол****а Д. М.`) whose words are in different scripts (`Bon****a Д. М.`): a
 *   bank masks the name as its register writes it, in one script; the mixed model took one word's letters for
 *   the other script's look-alikes (`л` → `n`). Only for a mask: a payee's brand may add a Latin word
 *   (`Озон Банк (Ozon)`).
 */
import { scriptOf } from './letter-scripts'

const allowed = /^[\p{L}\d\s.,'"«»()*№&-]*$/u
const digitInitial = /(^|\s)\d[.:,](\s|$)/
const letterInMask = /\*[^\s*]+\*/
const digitInWord = /\p{L}\d+\p{L}|\*\S*\d|\d\S*\*/u
const capitalAfterLowerMask = /\p{Ll}\*+\p{Lu}/u

export function nameWellFormed(text: string): boolean {
  if (text.trim() === '' || !allowed.test(text)) return false
  if (digitInitial.test(text) || letterInMask.test(text) || digitInWord.test(text)) return false
  if (capitalAfterLowerMask.test(text)) return false
  if (text.includes('*') && wordsInBothScripts(text)) return false
  if ((text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length) return false
  return text.split(/\s+/).every((word) => !mixesScripts(word))
}

/** Letters without a twin from both scripts in one word. */
function mixesScripts(word: string): boolean {
  const latin = word.replace(/[^A-Za-z]/g, '')
  const cyrillic = word.replace(/[^А-Яа-яЁё]/g, '')
  return scriptOf(latin) === 'latin' && scriptOf(cyrillic) === 'cyrillic'
}

/** Some word of the name decided Latin and another Cyrillic (twin-only words decide nothing). */
function wordsInBothScripts(text: string): boolean {
  const scripts = new Set(text.split(/\s+/).map(scriptOf))
  return scripts.has('latin') && scripts.has('cyrillic')
}
