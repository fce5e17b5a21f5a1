/**
 * The Info values pdf.js reports (`PDFDocument.documentInfo`) as the text layer flattens them (`toInfo`):
 * the eight standard keys when they are strings, every other key when it is a string or a name (numbers and
 * booleans go into pdf.js's `Custom` and are not kept), `Trapped` never. Strings decode as pdf.js's
 * `stringToPDFString` does; strings whose decoding depends on its special cases are left to pdf.js.
 */
import type { PdfInfo } from '../../../vocabulary/pdf-model'
import { isName, isRef, isString, type PdfDict } from '../structure/pdf-values'
import { unsupported } from './unsupported'

const standardKeys = new Set([
  'Title',
  'Author',
  'Subject',
  'Keywords',
  'Creator',
  'Producer',
  'CreationDate',
  'ModDate',
])

export function readInfo(infoDict: PdfDict | null): PdfInfo {
  const standard: [string, string][] = []
  const custom: [string, string][] = []
  let customAt = -1
  for (const [key, value] of infoDict?.map ?? []) {
    if (isRef(value)) unsupported('indirect Info value')
    if (standardKeys.has(key)) {
      if (isString(value)) standard.push([key, decodeInfoString(value.bytes)])
      continue
    }
    if (key === 'Trapped' && isName(value)) continue
    const isCustom =
      isString(value) || isName(value) || typeof value === 'number' || typeof value === 'boolean'
    if (!isCustom) continue
    if (customAt < 0) customAt = standard.length
    if (isString(value)) custom.push([key, decodeInfoString(value.bytes)])
    else if (isName(value)) custom.push([key, value.name])
  }
  const ordered =
    customAt < 0 ? standard : [...standard.slice(0, customAt), ...custom, ...standard.slice(customAt)]
  return Object.fromEntries(ordered)
}

function decodeInfoString(bytes: Uint8Array): string {
  if (bytes.length > 0 && bytes[0]! >= 0xef) {
    const b0 = bytes[0]
    const b1 = bytes[1]
    const encoding =
      b0 === 0xfe && b1 === 0xff
        ? 'utf-16be'
        : b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf
          ? 'utf-8'
          : null
    if (b0 === 0xff && b1 === 0xfe) unsupported('UTF-16LE Info string')
    if (encoding) {
      const body = encoding === 'utf-16be' && bytes.length % 2 === 1 ? bytes.subarray(0, -1) : bytes
      let decoded: string
      try {
        decoded = new TextDecoder(encoding, { fatal: true }).decode(body)
      } catch {
        return unsupported('Info string not valid Unicode')
      }
      if (decoded.includes('\u001b')) unsupported('language escape in an Info string')
      return decoded
    }
  }
  let out = ''
  for (const b of bytes) {
    // PDFDocEncoding departs from Latin-1 here; pdf.js has its own table for it.
    if ((b >= 0x18 && b <= 0x1f) || (b >= 0x7f && b <= 0xa0) || b === 0xad) unsupported('PDFDocEncoding byte')
    out += String.fromCharCode(b)
  }
  return out
}
