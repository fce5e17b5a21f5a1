/**
 * OCR confusions in an SBP operation id, repaired from the id's documented format (FAMILIES.md, «SBP
 * operation identifier»): 32 characters, position by position
 * - 1: `A` or `B`;
 * - 2–11: digits (year digit, UTC day of year, HHMMSS);
 * - 12–16: any of `[0-9A-Z]`: nothing in the text says whether a round glyph is `O` or `0` (position 16
 *   is guessed as the letter and marked ambiguous), unless its width measured on the picture did
 *   (`freeRoundGlyph`, extraction/image-sbp-id-glyph.ts: a `0` is as wide as the `0` at position 17, an
 *   `O` wider) — then the digit is the guess, still marked ambiguous;
 *   likewise a glyph OCR confuses with others (a `T` read `1`, a `Z` read `7`, a `W` read `V`, a `1` guessed
 *   `I`) is taken as its shape on the picture decided it (`freeGlyph`, `freeGlyphAt16`), still ambiguous;
 * - 17–22: `0000NN`, `0B10NN` or `0G10NN`: digits except position 18 (`0`, `B` or `G`);
 * - 23–32: the tail, digits in every period seen.
 * Tesseract with Russian and English models reads a digit as its letter twin (`O` for `0`, `l` or `|` for
 * `1`, `S` for `5`, `B` for `8`, `Z` for `2`, `З` for `3`) and a Latin capital as its Cyrillic twin. Where
 * the format fixes the kind of character, the twin of that kind is the only reading. In positions 12–16 a
 * Cyrillic or lowercase twin is put back as the Latin capital, but the result is marked `ambiguous`: the
 * caller must not be sure of it. The repaired id's encoded time is checked against the printed time by
 * the caller (resolve-paid-at.ts), which covers positions 2–11. A `V` read as its strokes (`\/`) is a `V`;
 * a reading one character too long whose one end is a speck (`8B5334…`), or with one glyph read twice, in
 * both cases (`…565xX0000…`) or as a letter and its digit (`AS5157…`), is the id without the extra glyph,
 * never sure; a cut whose positions 2–11 name no time (a `B` read as `8В` whose last-glyph cut reads day 519)
 * is not one. A `№` is the `N` it pictures.
 */
import { isSbpId } from '../../vocabulary/text/decode-sbp-id'
import { cyrillicTwins } from './letter-scripts'

export interface RepairedSbpId {
  id: string
  /** 1-based positions whose character was changed. */
  changed: number[]
  /** A character in the free positions (12–16) had to be guessed. */
  ambiguous: boolean
}

/** Any character as the Latin capital or digit it most likely is, before the position decides. */
const latinOf: Record<string, string> = {
  ...cyrillicTwins,
  З: '3',
  Ч: '4',
  Б: '6',
  '|': 'I',
  '!': 'I',
  // `№` is drawn as an `N` with a small `o`: OCR reads an `N` before a round glyph as the sign.
  '№': 'N',
}

/**
 * A sign in the free positions (12–16), which only a capital or digit can fill: the capital whose part it is.
 * A `J` read as its curve `)` or its stem and foot `]`; a `Y` read as its left arm `\` (a `V` read by strokes
 * comes as `\/`, see below). On development pictures (`dev-pics-v`, 26 Nov 2026) every lone `\` there was a
 * `Y` and every `)` a `J`; a `]` was a `J` (`dev-pics-p`, 27 Nov); still a guess, so never sure.
 */
const freeSignOf: Record<string, string> = { ')': 'J', ']': 'J', '\\': 'Y' }

/** A letter (or sign) where the format needs a digit. */
const digitOf: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  J: '1',
  T: '7',
  S: '5',
  B: '8',
  Z: '2',
  G: '6',
  A: '4',
}

/** A digit where the format needs a capital (`0` is left: `O` and `C` are both round). */
const letterOfDigit: Record<string, string> = {
  '2': 'Z',
  '4': 'A',
  '8': 'B',
  '5': 'S',
  '6': 'G',
  '1': 'I',
  '7': 'T',
}

/** Position 1 is `A` or `B`. */
const firstOf: Record<string, string> = { '8': 'B', '4': 'A' }
/** Position 18 is `0`, `B` or `G`. */
const eighteenthOf: Record<string, string> = { O: '0', D: '0', Q: '0', '8': 'B', '6': 'G' }

/** A round glyph at position 16: `0`, `O` or a Cyrillic `О`. */
const roundOf: Record<string, true> = { '0': true, O: true }
/** Position 16 read as O, 0, I or 1 (see below). */
const roundOrStroke: Record<string, string> = { '0': 'O', O: 'O', '1': 'I', I: 'I' }

/**
 * A `V` (or `W`) read as the strokes it is drawn with: `\/` (`\/\/`, or with one stroke lost or doubled,
 * `\\/`). Two strokes are a `V`, three or four a `W`; an id has no slash or backslash of its own.
 */
const strokes = /[\\/]{2,4}/g
const strokeLetter = (read: string) =>
  !read.includes('\\') || !read.includes('/') ? read : read.length === 2 ? 'V' : 'W'

/** Characters OCR puts between glyphs of one word (a speck read as a point, a dash at a wrap). */
const noise = /[\s.,·'`"_\-–—:;=~«»‘’“”„]/g

/** Stricter than isSbpId: the documented digits are digits (a letter left there was not a twin). */
const repairedShape = /^[AB]\d{10}[0-9A-Z]{5}0[0BG]\d{14}$/

/**
 * Banks' own operation numbers whose shape is documented (FAMILIES.md): T-Bank's receipt number
 * `1-ddd-ddd-ddd-ddd` and Alfa's operation number, a capital then 15 digits (`C16…`). Their digit positions
 * get the same repair; anything else is returned as read.
 */
export function repairOperationNumber(raw: string, opensWithLetter = false): string {
  const read = raw.replace(/\s/g, '')
  // A family whose number opens with a capital (Alfa: `C16…`, `Z09…`, `A01…`): a digit read there is the
  // capital it resembles (`2090…` → `Z090…`).
  const text =
    opensWithLetter && /^\d[0-9A-ZА-Яa-z|!]{15}$/.test(read)
      ? (letterOfDigit[read[0]!] ?? read[0]!) + read.slice(1)
      : read
  const tbank = /^[0-9A-ZА-Яa-z|!]-([0-9A-ZА-Яa-z|!]{3}-){3}[0-9A-ZА-Яa-z|!]{3}$/
  const alfa = /^[A-ZА-Я][0-9A-ZА-Яa-z|!]{15}$/
  if (tbank.test(text)) {
    const digits = text.replace(/[^-]/g, (ch) => asDigit(ch))
    return /^1-(\d{3}-){3}\d{3}$/.test(digits) ? digits : text
  }
  if (alfa.test(text)) {
    const first = latinOf[text[0]!] ?? text[0]!
    const repaired = first + [...text.slice(1)].map(asDigit).join('')
    return /^[A-Z]\d{15}$/.test(repaired) ? repaired : text
  }
  return text
}

function asDigit(read: string): string {
  const upper = read === 'l' ? 'I' : read.toUpperCase()
  const twin = latinOf[upper] ?? upper
  return digitOf[twin] ?? twin
}

/** What the picture showed of position 16's round glyph (extraction/image-sbp-id-glyph.ts). */
export type RoundGlyphKind = 'digit' | 'letter'

export function repairSbpId(
  raw: string,
  freeRoundGlyph?: RoundGlyphKind,
  freeGlyph?: string,
): RepairedSbpId | null {
  const text = raw.replace(strokes, strokeLetter).replace(noise, '')
  // Three strokes are a `W` with one lost, or a `V` with one doubled: the more likely, never sure.
  if (raw.match(strokes)?.some((read) => read.length === 3 && strokeLetter(read) === 'W')) {
    const repaired = repairSbpId(text, freeRoundGlyph, freeGlyph)
    return repaired && { ...repaired, ambiguous: true }
  }
  if (text.length === 33) {
    // A speck read as a glyph before or after the id (`8B5334…`): the one end whose removal leaves an id.
    // Or one glyph read twice, in both cases (`xX` for an `X` whose lower and upper case look alike) or as
    // a letter and the digit it is confused with (`S5`): the pair is one character. Which reading is right
    // is the format's guess, so the id is never sure.
    const cuts = [text.slice(1), text.slice(0, 32)]
    for (let i = 0; i + 1 < 33; i++) {
      const [a, b] = [text[i]!, text[i + 1]!]
      if (a !== b && (a.toUpperCase() === b.toUpperCase() || letterAndItsDigit(a, b)))
        cuts.push(text.slice(0, i) + text.slice(i + 1))
    }
    // A cut whose positions 2–11 name no time (day 519 of a year) is not the id: only the others compete.
    const found = new Map<string, RepairedSbpId>()
    for (const cut of cuts) {
      const repaired = repairPositions(cut, freeRoundGlyph, freeGlyph)
      if (repaired && namesATime(repaired.id)) found.set(repaired.id, repaired)
    }
    return found.size === 1 ? { ...[...found.values()][0]!, ambiguous: true } : null
  }
  return text.length === 32 ? repairPositions(text, freeRoundGlyph, freeGlyph) : null
}

/** A letter beside the digit it is confused with (`S5`, `0O`): one glyph the engine read as both. */
function letterAndItsDigit(a: string, b: string): boolean {
  const digit = (ch: string) => digitOf[latinOf[ch.toUpperCase()] ?? ch.toUpperCase()]
  return digit(a) === b || digit(b) === a
}

/** Positions 2–11 as a time: year digit, day of year 001–366, HHMMSS. */
function namesATime(id: string): boolean {
  const day = Number(id.slice(2, 5))
  const [hour, minute, second] = [5, 7, 9].map((at) => Number(id.slice(at, at + 2)))
  return day >= 1 && day <= 366 && hour! <= 23 && minute! <= 59 && second! <= 59
}

function repairPositions(
  text: string,
  freeRoundGlyph?: RoundGlyphKind,
  freeGlyph?: string,
): RepairedSbpId | null {
  const out: string[] = []
  const changed: number[] = []
  let ambiguous = false
  for (let i = 0; i < 32; i++) {
    const read = text[i]!
    const upper = read === 'l' ? 'I' : read.toUpperCase()
    const position = i + 1
    const twin = latinOf[upper] ?? (position >= 12 && position <= 16 ? freeSignOf[upper] : undefined) ?? upper
    let ch: string
    if (position === 1) ch = firstOf[twin] ?? twin
    else if (
      position === 16 &&
      freeGlyph &&
      /^[1IT7Z2VW]$/.test(twin) &&
      (freeGlyph !== twin || roundOrStroke[twin])
    ) {
      // The glyph's shape decided what OCR took for another (a `T` read `1`, a `Z` read `7`), or which of
      // `1` and `I` a stroke is: still a guess from a few pixels, so never sure.
      ch = freeGlyph
      ambiguous = true
    } else if (position === 18) ch = eighteenthOf[twin] ?? twin
    else if (position === 16 && twin in roundOf && freeRoundGlyph === 'digit') {
      // The width says `0`; in some sans fonts a `D` or a `C` is nearly as narrow, so still a guess.
      ch = '0'
      ambiguous = true
    } else if (position === 16 && roundOrStroke[twin]) {
      // The format allows O/0 and I/1 here alike, and OCR takes the glyph for a digit inside a run of
      // digits. In the development receipts a letter stood here several times as often as 0/1, so the
      // letter is the better guess, but a guess: the caller keeps the field below 0.9.
      ch = roundOrStroke[twin]
      ambiguous = true
    } else if (position >= 12 && position <= 16) {
      ch = twin
      // A Cyrillic, lowercase or sign glyph here was some Latin capital or digit; which one is a guess.
      if (ch !== read) ambiguous = true
    } else ch = digitOf[twin] ?? twin
    if (ch !== read) changed.push(position)
    out.push(ch)
  }
  const id = out.join('')
  if (!isSbpId(id) || !repairedShape.test(id)) return null
  return { id, changed, ambiguous }
}
