/** Reads a page's font resources: names, encodings, ToUnicode, embedded program and widths. */
import type { ObjectStore } from './object-store'
import { isDict, isRef, nameOf, numberOf, type PdfDict, type PdfValue } from './pdf-values'
import type { PdfFontInfo } from './structure-types'
import { parseToUnicode, readTrueType } from './truetype'

const MAX_WIDTH_ENTRIES = 70_000

function streamBytes(store: ObjectStore, value: PdfValue | undefined): Uint8Array | null {
  return isRef(value) ? (store.streamData(value.num)?.decoded ?? null) : null
}

function readW(store: ObjectStore, w: PdfValue | undefined, out: Record<number, number>): void {
  const arr = store.resolve(w)
  if (!Array.isArray(arr)) return
  let count = 0
  for (let i = 0; i < arr.length && count < MAX_WIDTH_ENTRIES; ) {
    const first = arr[i]
    const second = store.resolve(arr[i + 1])
    if (typeof first !== 'number') break
    if (Array.isArray(second)) {
      second.forEach((v, k) => {
        if (typeof v === 'number') out[first + k] = v
      })
      count += second.length
      i += 2
    } else {
      const last = second
      const width = arr[i + 2]
      if (typeof last !== 'number' || typeof width !== 'number') break
      for (let c = first; c <= last && count < MAX_WIDTH_ENTRIES; c++, count++) out[c] = width
      i += 3
    }
  }
}

export function readFont(store: ObjectStore, resource: string, font: PdfDict): PdfFontInfo {
  const baseFont = nameOf(store.resolve(font.map.get('BaseFont'))) ?? ''
  const tag = /^([A-Z]{6})\+/.exec(baseFont)
  const subtype = nameOf(font.map.get('Subtype')) ?? ''
  const encodingValue = store.resolve(font.map.get('Encoding'))
  const encoding =
    nameOf(encodingValue) ??
    (isDict(encodingValue) ? 'Custom' : isRef(font.map.get('Encoding')) ? 'CMap' : null)
  const toUnicodeData = streamBytes(store, font.map.get('ToUnicode'))
  const widths: Record<number, number> = {}
  let descendantSubtype: string | null = null
  let descriptor: PdfDict | null = null
  let cidToGid: PdfFontInfo['cidToGid'] = null
  let defaultWidth: number | null = null
  const cidToGidMap: Record<number, number> = {}
  if (subtype === 'Type0') {
    const descendants = store.resolve(font.map.get('DescendantFonts'))
    const cid = store.dict(Array.isArray(descendants) ? descendants[0] : undefined)
    if (cid) {
      descendantSubtype = nameOf(cid.map.get('Subtype'))
      descriptor = store.dict(cid.map.get('FontDescriptor'))
      readW(store, cid.map.get('W'), widths)
      defaultWidth = numberOf(store.resolve(cid.map.get('DW'))) ?? 1000
      const c2g = store.resolve(cid.map.get('CIDToGIDMap'))
      cidToGid = nameOf(c2g) === 'Identity' ? 'Identity' : c2g === undefined ? null : 'stream'
      const mapBytes = cidToGid === 'stream' ? streamBytes(store, cid.map.get('CIDToGIDMap')) : null
      if (mapBytes) {
        for (let c = 0; c * 2 + 1 < mapBytes.length && c < MAX_WIDTH_ENTRIES; c++) {
          const gid = (mapBytes[c * 2]! << 8) | mapBytes[c * 2 + 1]!
          if (gid !== 0) cidToGidMap[c] = gid
        }
      }
    }
  } else {
    descriptor = store.dict(font.map.get('FontDescriptor'))
    const firstChar = numberOf(store.resolve(font.map.get('FirstChar'))) ?? 0
    const list = store.resolve(font.map.get('Widths'))
    if (Array.isArray(list)) {
      list.slice(0, MAX_WIDTH_ENTRIES).forEach((v, k) => {
        const n = store.resolve(v)
        if (typeof n === 'number') widths[firstChar + k] = n
      })
    }
  }
  let embedded: PdfFontInfo['embedded'] = null
  let program = null
  if (descriptor) {
    for (const key of ['FontFile2', 'FontFile', 'FontFile3'] as const) {
      if (descriptor.map.has(key)) {
        embedded = key
        if (key === 'FontFile2') {
          const bytes = streamBytes(store, descriptor.map.get(key))
          program = bytes ? readTrueType(bytes) : null
        }
        break
      }
    }
  }
  return {
    resource,
    baseFont,
    subsetTag: tag ? tag[1]! : null,
    name: tag ? baseFont.slice(7) : baseFont,
    subtype,
    descendantSubtype,
    encoding,
    bytesPerCode: subtype === 'Type0' ? 2 : 1,
    hasToUnicode: font.map.has('ToUnicode'),
    toUnicode: toUnicodeData ? parseToUnicode(toUnicodeData) : {},
    embedded,
    cidToGid,
    cidToGidMap,
    widths,
    defaultWidth,
    program,
  }
}
