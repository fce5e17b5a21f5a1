/**
 * A font as the text layer needs it: how codes are read from a string, each code's Unicode text and width,
 * and the ascent pdf.js reports in its styles. Only the kinds this project meets are taken, each the way
 * pdf.js 5.6 reads it (`translateFont`, `extractWidths`, `Font._charToGlyph`, `checkAndRepair`):
 * - Type0 / Identity-H / CIDFontType2 with an embedded TrueType program, with a ToUnicode CMap or (as pdf.js
 *   reads it) the CIDs themselves as text;
 * - TrueType simple fonts with an embedded program, /Widths, and either a ToUnicode CMap or /Differences
 *   naming plain Latin letters and digits.
 * Anything else is `unsupported`, and the file is read by pdf.js.
 */
import type { ObjectStore } from '../structure'
import { isDict, isName, isRef, isString, nameOf, type PdfDict, type PdfValue } from '../structure/pdf-values'
import { readToUnicodeCMap } from './to-unicode-cmap'
import { readTrueTypeMetrics } from './truetype-metrics'
import { unsupported } from './unsupported'

export interface TextFont {
  /** Object number of the font dictionary: pdf.js caches and numbers fonts by it. */
  ref: number
  /** pdf.js's `font.name` (FontName of the descriptor, else BaseFont): a font change flushes an item only when it differs. */
  name: string
  /**
   * Object number of the font descriptor. pdf.js gives two fonts sharing a descriptor one id when their
   * contents hash alike; the reader does not hash, so it leaves such files to pdf.js.
   */
  descriptorRef: number | null
  /** Two-byte codes (Identity-H) or one-byte codes. */
  bytesPerCode: 1 | 2
  /** hhea ascent / unitsPerEm of the embedded program, as pdf.js's style reports it. */
  ascent: number
  unicode(code: number): string
  /** Glyph-space width (thousandths of text space). */
  width(code: number): number
}

export function loadTextFont(store: ObjectStore, ref: PdfValue | undefined): TextFont {
  if (!isRef(ref)) unsupported('font is not an indirect object')
  const dict = store.dict(ref)
  if (!dict) unsupported('font dictionary missing')
  if (dict.map.has('FontMatrix')) unsupported('font with a FontMatrix')
  const subtype = nameOf(dict.map.get('Subtype'))
  if (subtype === 'Type0') return loadCompositeFont(store, ref.num, dict)
  if (subtype === 'TrueType') return loadSimpleTrueType(store, ref.num, dict)
  return unsupported(`font subtype ${subtype}`)
}

function loadCompositeFont(store: ObjectStore, num: number, dict: PdfDict): TextFont {
  if (nameOf(dict.map.get('Encoding')) !== 'Identity-H') unsupported('composite font not Identity-H')
  const descendants = store.resolve(dict.map.get('DescendantFonts'))
  const cid = store.dict(Array.isArray(descendants) ? descendants[0] : undefined)
  if (!cid || nameOf(cid.map.get('Subtype')) !== 'CIDFontType2') unsupported('descendant not CIDFontType2')
  const unicode = compositeUnicode(store, dict, cid)
  const identity = fontIdentity(store, num, cid)
  const dw = store.resolve(cid.map.get('DW'))
  const defaultWidth = typeof dw === 'number' ? Math.ceil(dw) : 1000
  const widths = readCidWidths(store, cid.map.get('W'))
  return { ...identity, bytesPerCode: 2, unicode, width: (code) => widths.get(code) ?? defaultWidth }
}

/** What names a font and places its lines: object numbers, name, the program's ascent. */
function fontIdentity(
  store: ObjectStore,
  num: number,
  dict: PdfDict,
): Pick<TextFont, 'ref' | 'name' | 'descriptorRef' | 'ascent'> & { descriptor: PdfDict } {
  const descriptorValue = dict.map.get('FontDescriptor')
  const descriptor = store.dict(descriptorValue)
  if (!descriptor) unsupported('font without a descriptor')
  return {
    ref: num,
    name: fontName(store, descriptor, dict),
    descriptorRef: isRef(descriptorValue) ? descriptorValue.num : null,
    ascent: embeddedAscent(store, descriptor),
    descriptor,
  }
}

const cjkOrderings = new Set(['GB1', 'CNS1', 'Japan1', 'Korea1'])

/**
 * A composite font's code → text. With a ToUnicode CMap, its entries (the code's own character where it has
 * none). Without one, pdf.js uses an identity map (`IdentityToUnicodeMap`): each glyph's text is the
 * character whose code is the CID; the reader does the same, except where pdf.js would consult a CJK UCS-2
 * CMap or a descendant's own code range or ToUnicode.
 */
function compositeUnicode(store: ObjectStore, dict: PdfDict, cid: PdfDict): (code: number) => string {
  if (cid.map.has('ToUnicode')) unsupported('descendant font with its own ToUnicode')
  const toUnicode = readToUnicode(store, dict)
  // pdf.js `_charToGlyph`: an unmapped (or empty) entry shows the code itself; composite fonts get no
  // encoding-derived fallback, so this is all it does.
  if (toUnicode) return (code) => toUnicode.get(code) || String.fromCharCode(code)
  if (cid.map.has('FirstChar') || cid.map.has('LastChar'))
    unsupported('descendant font with its own ToUnicode or code range')
  const system = store.dict(cid.map.get('CIDSystemInfo'))
  const ordering = store.resolve(system?.map.get('Ordering'))
  if (ordering !== undefined && (!isString(ordering) || cjkOrderings.has(latin1(ordering.bytes))))
    unsupported('CID ordering with a UCS-2 CMap')
  return (code) => String.fromCharCode(code)
}

function latin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes)
}

function loadSimpleTrueType(store: ObjectStore, num: number, dict: PdfDict): TextFont {
  const { descriptor, ...identity } = fontIdentity(store, num, dict)
  const list = store.resolve(dict.map.get('Widths'))
  if (!Array.isArray(list)) unsupported('simple font without /Widths')
  const first = store.resolve(dict.map.get('FirstChar'))
  const firstChar = typeof first === 'number' && Number.isInteger(first) ? first : unsupported('FirstChar')
  const widths = new Map<number, number>()
  list.forEach((value, k) => {
    const w = store.resolve(value)
    if (typeof w === 'number') widths.set(firstChar + k, w)
  })
  const missing = store.resolve(descriptor.map.get('MissingWidth'))
  const defaultWidth = typeof missing === 'number' ? missing : 0
  const toUnicode = readToUnicode(store, dict)
  const flags = store.resolve(descriptor.map.get('Flags'))
  // pdf.js builds a symbolic TrueType font's encoding from the program's cmap: not reproduced.
  if (!toUnicode && (typeof flags !== 'number' || (flags & 4) !== 0)) unsupported('symbolic simple font')
  const differences = toUnicode ? null : readDifferences(store, dict.map.get('Encoding'))
  return {
    ...identity,
    bytesPerCode: 1,
    unicode: (code) =>
      toUnicode
        ? mappedText(toUnicode, code)
        : (latinGlyph(differences?.get(code)) ?? unsupported('glyph name')),
    width: (code) => widths.get(code) ?? defaultWidth,
  }
}

/** The font's ToUnicode CMap as pdf.js reads it; null when the font has none. */
function readToUnicode(store: ObjectStore, dict: PdfDict): Map<number, string> | null {
  const value = dict.map.get('ToUnicode')
  if (value === undefined) return null
  const data = isRef(value) ? store.streamData(value.num) : null
  if (!data?.decoded || data.error || data.undecoded.length > 0)
    unsupported('ToUnicode not a decodable stream')
  const map = readToUnicodeCMap(data.decoded)
  if (map.size === 0) unsupported('empty ToUnicode')
  return map
}

function mappedText(toUnicode: Map<number, string>, code: number): string {
  const text = toUnicode.get(code)
  // pdf.js fills a simple font's unmapped codes from its encoding (`amendFallbackToUnicode`): not reproduced.
  return text ? text : unsupported('code without a ToUnicode entry')
}

function fontName(store: ObjectStore, descriptor: PdfDict, dict: PdfDict): string {
  const name = nameOf(store.resolve(descriptor.map.get('FontName')))
  const base = nameOf(store.resolve(dict.map.get('BaseFont')))
  if (name && base && name !== base) unsupported('FontName differs from BaseFont')
  return name ?? base ?? unsupported('font without a name')
}

function embeddedAscent(store: ObjectStore, descriptor: PdfDict): number {
  if (descriptor.map.has('FontFile') || descriptor.map.has('FontFile3')) unsupported('non-TrueType program')
  const file = descriptor.map.get('FontFile2')
  const data = isRef(file) ? store.streamData(file.num) : null
  if (!data?.decoded || data.error || data.undecoded.length > 0) unsupported('font program not decodable')
  const metrics = readTrueTypeMetrics(data.decoded)
  if (!metrics) unsupported('font program outside the TrueType subset pdf.js repairs plainly')
  return metrics.ascent / metrics.unitsPerEm
}

/** pdf.js `extractWidths` for composite fonts, step for step. */
function readCidWidths(store: ObjectStore, value: PdfValue | undefined): Map<number, number> {
  const widths = new Map<number, number>()
  const w = store.resolve(value)
  if (!Array.isArray(w)) return widths
  for (let i = 0; i < w.length; i++) {
    let start = store.resolve(w[i++])
    if (typeof start !== 'number' || !Number.isInteger(start)) break
    const code = store.resolve(w[i])
    if (Array.isArray(code)) {
      for (const c of code) {
        const width = store.resolve(c)
        if (typeof width === 'number') widths.set(start, width)
        start++
      }
    } else if (typeof code === 'number' && Number.isInteger(code)) {
      const width = store.resolve(w[++i])
      if (typeof width !== 'number') continue
      if (code - start > 0xffff) unsupported('width range too long')
      for (let j = start; j <= code; j++) widths.set(j, width)
    } else break
  }
  return widths
}

function readDifferences(store: ObjectStore, value: PdfValue | undefined): Map<number, string> {
  const encoding = store.resolve(value)
  if (!isDict(encoding)) unsupported('simple font without an encoding dictionary')
  if (encoding.map.has('BaseEncoding')) unsupported('BaseEncoding')
  const list = store.resolve(encoding.map.get('Differences'))
  if (!Array.isArray(list)) unsupported('encoding without Differences')
  const out = new Map<number, string>()
  let code = 0
  for (const item of list) {
    const v = store.resolve(item)
    if (typeof v === 'number') code = v
    else if (isName(v)) out.set(code++, v.name)
    else unsupported('Differences entry')
  }
  return out
}

const digitNames = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

/** The Adobe Glyph List entries whose meaning is beyond doubt: Latin letters, digits, space. */
function latinGlyph(name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  if (/^[A-Za-z]$/.test(name)) return name
  const digit = digitNames.indexOf(name)
  if (digit >= 0) return String(digit)
  return name === 'space' ? ' ' : undefined
}
