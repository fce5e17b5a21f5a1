/**
 * Person names as receipts print them: `Имя Отчество Ф.`, `Имя Ф.`, `Имя Фамилия`, `ИМЯ ОТЧЕСТВО Ф.`,
 * Alfa's `Имя Отчество И` (initial without a dot) and masked surnames like `Ааа****а И. О.`; clients write
 * `Фамилия Имя Отчество`, `Имя Фамилия` or Latin ("Aleksandr Zhukov"). Two names agree when every token of
 * the shorter one pairs with a distinct token of the longer one (in any order) and, when both show words,
 * at least one pair is strong (two whole words, or masks agreeing on two letters): extra tokens, such as a
 * patronymic one side omits, are not a contradiction; a differing token is.
 * A name read from a picture may carry Latin/Cyrillic twins (`Pоман` with a Latin P, `A. B.` for `А. В.`): a
 * picture cannot show which script such a letter is in, so each side is also read with its twins put in the
 * script its other letters (or the other side) give.
 */
import { scriptOf, toScript } from '../../readers/ocr/letter-scripts'
import { foldText, foldWords } from './normalize-text'
import { skeleton } from './transliterate'

interface NameToken {
  kind: 'word' | 'initial' | 'masked'
  /** The folded token as written (lower case, `ё` folded). */
  raw: string
  /** Transliteration skeleton; for a masked token, of its visible prefix. */
  key: string
}

const isCyrillic = (s: string) => /\p{Script=Cyrillic}/u.test(s)

function tokenize(name: string): NameToken[] {
  // Hyphenated names are one token (`Анна-Мария`), and a soft-sign apostrophe (Natal'ya) is no break.
  const words = foldWords(foldText(name).replace(/[-'’ʼ`]/g, ''))
    .split(' ')
    .filter(Boolean)
  return words.map((raw): NameToken => {
    if (raw.includes('*')) return { kind: 'masked', raw, key: skeleton(raw.slice(0, raw.indexOf('*'))) }
    return { kind: [...raw].length === 1 ? 'initial' : 'word', raw, key: skeleton(raw) }
  })
}

/** A masked token against a whole word: visible letters in place when the scripts agree, else the prefix. */
function maskedFits(masked: NameToken, word: NameToken): boolean {
  const first = masked.raw.indexOf('*')
  const prefix = masked.raw.slice(0, first)
  const suffix = masked.raw.slice(masked.raw.lastIndexOf('*') + 1)
  if (isCyrillic(masked.raw) === isCyrillic(word.raw)) {
    return (
      word.raw.startsWith(prefix) &&
      word.raw.endsWith(suffix) &&
      word.raw.length >= prefix.length + suffix.length
    )
  }
  return masked.key !== '' && word.key.startsWith(masked.key)
}

const visibleLetters = (t: NameToken) => t.raw.replace(/\*/g, '').length

/** How two tokens pair: 'strong', 'weak' (an initial, or a barely visible mask) or null (they differ). */
function pair(a: NameToken, b: NameToken): 'strong' | 'weak' | null {
  if (a.kind === 'word' && b.kind === 'word') return a.key !== '' && a.key === b.key ? 'strong' : null
  if (a.kind === 'masked' && b.kind === 'masked') {
    // Two masked forms (a masked receipt name quoted back): visible letters in place in one script,
    // else the visible prefixes must agree.
    if (isCyrillic(a.raw) === isCyrillic(b.raw)) {
      if (a.raw.length !== b.raw.length) return null
      let agreed = 0
      for (let i = 0; i < a.raw.length; i += 1) {
        if (a.raw[i] === '*' || b.raw[i] === '*') continue
        if (a.raw[i] !== b.raw[i]) return null
        agreed += 1
      }
      return agreed >= 2 ? 'strong' : 'weak'
    }
    const [s, l] = a.key.length <= b.key.length ? [a, b] : [b, a]
    if (s.key === '' || !l.key.startsWith(s.key)) return null
    return s.key.length >= 2 ? 'strong' : 'weak'
  }
  if (a.kind === 'masked' || b.kind === 'masked') {
    const [m, o] = a.kind === 'masked' ? [a, b] : [b, a]
    if (o.kind === 'initial') return m.key !== '' && m.key.startsWith(o.key) ? 'weak' : null
    if (!maskedFits(m, o)) return null
    return visibleLetters(m) >= 2 ? 'strong' : 'weak'
  }
  // An initial against a word or another initial: in one script the letters compare as written; across
  // scripts the initial's skeleton must start the other's (Ж. ~ Zhukov, Ю. ~ Yulia).
  const [s, l] = a.raw.length <= b.raw.length ? [a, b] : [b, a]
  if (isCyrillic(s.raw) === isCyrillic(l.raw)) return l.raw.startsWith(s.raw) ? 'weak' : null
  return s.key !== '' && l.key.startsWith(s.key) ? 'weak' : null
}

function aligns(small: NameToken[], large: NameToken[]): boolean {
  // When one side shows only initials (`A. A.`), it cannot contradict a name whose initials agree; when
  // both show words, at least one strong pair is required, so initials alone never outvote the words.
  const hasWholeWords = [small, large].every((side) => side.some((t) => t.kind !== 'initial'))
  const used = new Array<boolean>(large.length).fill(false)
  const search = (i: number, strong: boolean): boolean => {
    if (i === small.length) return strong || !hasWholeWords
    for (let j = 0; j < large.length; j += 1) {
      if (used[j]) continue
      const kind = pair(small[i]!, large[j]!)
      if (kind === null) continue
      used[j] = true
      if (search(i + 1, strong || kind === 'strong')) return true
      used[j] = false
    }
    return false
  }
  return search(0, false)
}

/** Names longer than this are not a person's name; refusing them bounds the pairing search (6! orders). */
const maxTokens = 6

/**
 * How a name reads when its Latin/Cyrillic twins are put in the script the evidence gives: a word with a
 * letter that decides its script (`Pоман`: `м`, `н`) is put wholly in that script; a word made only of twins
 * (`К.`, `ООО`) follows the rest of the name (`Saidov К.` → `Saidov K.`), or, when nothing in the name
 * decides (`A. B.`), the script of the name it is compared with. Never both: `С.` read as Latin `C.` would
 * pair with `Ч…` by transliteration.
 */
export function homoglyphReading(name: string, other: string): string {
  const fallback = scriptOf(name) ?? scriptOf(other)
  return name.replace(/[\p{L}*]+/gu, (word) => {
    const script = scriptOf(word) ?? fallback
    return script ? toScript(word, script) : word
  })
}

/**
 * Whether a printed name and an expected name can denote the same person.
 * @example matchName('Александр Ж.', 'Aleksandr Zhukov') // true
 * @example matchName('Софья Олеговна Т.', 'Софья Иванова') // false
 */
export function matchName(printed: string, expected: string): boolean {
  if (matchReading(printed, expected)) return true
  return matchReading(homoglyphReading(printed, expected), homoglyphReading(expected, printed))
}

function matchReading(printed: string, expected: string): boolean {
  const a = tokenize(printed)
  const b = tokenize(expected)
  if (a.length === 0 || b.length === 0 || a.length > maxTokens || b.length > maxTokens) return false
  return a.length <= b.length ? aligns(a, b) : aligns(b, a)
}
