/**
 * Latin and Cyrillic letters that a picture cannot tell apart (`A`/`А`, `B`/`В`, `C`/`С`, `E`/`Е`, `H`/`Н`,
 * `K`/`К`, `M`/`М`, `O`/`О`, `P`/`Р`, `T`/`Т`, `X`/`Х`, `Y`/`У` and the lowercase `a c e o p x y`): which
 * script such a glyph is in must be decided from the rest of the text, never from the glyph.
 */

/** Cyrillic capitals → their Latin twins (identifiers are Latin: `С16…` → `C16…`). */
export const cyrillicTwins: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Т: 'T',
  Х: 'X',
  У: 'Y',
}

/** Pixel-identical pairs, position by position. */
export const latinTwins = 'ABCEHKMOPTXYaceopxy'
export const cyrillicOfLatin = 'АВСЕНКМОРТХУасеорху'

/** Letters of each script that have no twin in the other. */
function letterCounts(text: string): { latin: number; cyrillic: number } {
  const latin = (text.match(/[A-Za-z]/g) ?? []).filter((ch) => !latinTwins.includes(ch)).length
  const cyrillic = (text.match(/[А-Яа-яЁё]/g) ?? []).filter((ch) => !cyrillicOfLatin.includes(ch)).length
  return { latin, cyrillic }
}

/** A text's script by its letters that have no twin in the other script; null when undecided. */
export function scriptOf(text: string): 'latin' | 'cyrillic' | null {
  const { latin, cyrillic } = letterCounts(text)
  if (latin > cyrillic) return 'latin'
  return cyrillic > latin ? 'cyrillic' : null
}

/** Every twin letter put in `script` (letters without a twin are left as they are). */
export function toScript(text: string, script: 'latin' | 'cyrillic'): string {
  const [from, to] = script === 'latin' ? [cyrillicOfLatin, latinTwins] : [latinTwins, cyrillicOfLatin]
  return text.replace(/[A-Za-zА-Яа-яЁё]/g, (ch) => {
    const i = from.indexOf(ch)
    return i < 0 ? ch : to[i]!
  })
}

/**
 * A run is written in one script: a foreign name (`Saidov K.`) does not switch to Cyrillic for its initial.
 * When one script has a letter with no twin in the other (`Z` in `А. Z.`) and the other has none, the letters
 * OCR gave as the other script's twins are put back in the dominant script. Mixed runs (`Озон Банк (Ozon)`)
 * and runs of twins only (`Е. С.`) are left as read.
 */
export function oneScript(text: string): string {
  const { latin, cyrillic } = letterCounts(text)
  if (latin >= 1 && cyrillic === 0) return toScript(text, 'latin')
  if (cyrillic >= 1 && latin === 0) return toScript(text, 'cyrillic')
  return text
}
