/**
 * Cyrillic to Latin, then a "skeleton" that folds the differences between transliteration schemes
 * (ICAO 9303 as in passports since 2013, GOST 7.79-B, BGN/PCGN and common spellings), so that
 * «Юлия», "Iuliia", "Yulia" and "Julia" all reduce to the same key. The skeleton is deliberately lossy:
 * it is a comparison key, never shown.
 */

/** ICAO 9303 (Russian passports). */
const icao: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
}

/** Lower-case Cyrillic letters to Latin (ICAO); other characters are kept. */
export function transliterate(value: string): string {
  let out = ''
  for (const ch of value.toLowerCase()) out += icao[ch] ?? ch
  return out
}

const consonant = '[bcdfghklmnpqrstvwxz]'

/**
 * The comparison key of one word, in either script. Rules, in order (order matters):
 * ye/je -> e (Yelena), consonant+yo -> e (Pyotr = Petr), shch/sch -> sh, kh -> h, x -> ks, tch -> ch,
 * ts/tc -> c, zh -> z, j/y -> i, apostrophes dropped, doubled letters collapsed (Mariia = Maria).
 */
export function skeleton(word: string): string {
  return transliterate(word)
    .replace(/[^a-z]/g, '')
    .replace(/^(y|j)e/, 'e')
    .replace(new RegExp(`(${consonant}|[aeiou])(y|j)e`, 'g'), '$1e')
    .replace(new RegExp(`(${consonant})(y|j)o`, 'g'), '$1e')
    .replace(/shch|sch/g, 'sh')
    .replace(/kh/g, 'h')
    .replace(/x/g, 'ks')
    .replace(/tch/g, 'ch')
    .replace(/ts|tc/g, 'c')
    .replace(/zh/g, 'z')
    .replace(/[jy]/g, 'i')
    .replace(/(.)\1+/g, '$1')
}
