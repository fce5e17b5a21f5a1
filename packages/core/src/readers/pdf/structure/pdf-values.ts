/**
 * The value types of the PDF object language (ISO 32000-1 §7.3), as plain tagged data so a parsed
 * structure can be inspected without a class hierarchy.
 */

export interface PdfName {
  kind: 'name'
  name: string
}

export interface PdfString {
  kind: 'string'
  bytes: Uint8Array
  hex: boolean
}

export interface PdfRef {
  kind: 'ref'
  num: number
  gen: number
}

export interface PdfDict {
  kind: 'dict'
  map: Map<string, PdfValue>
}

export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfValue[]

export function isDict(value: PdfValue | undefined): value is PdfDict {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'dict'
}

export function isRef(value: PdfValue | undefined): value is PdfRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'ref'
}

export function isName(value: PdfValue | undefined): value is PdfName {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'name'
}

export function isString(value: PdfValue | undefined): value is PdfString {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'string'
}

export function nameOf(value: PdfValue | undefined): string | null {
  return isName(value) ? value.name : null
}

export function numberOf(value: PdfValue | undefined): number | null {
  return typeof value === 'number' ? value : null
}

/**
 * Latin-1 view of bytes (one char per byte): what a byte-oriented PDF "says" before any text decoding.
 * Chunked `fromCharCode` is several times faster than a latin1 TextDecoder on files of this size.
 */
export function bytesToLatin1(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i += 8192) {
    parts.push(
      String.fromCharCode.apply(
        null,
        bytes.subarray(i, Math.min(bytes.length, i + 8192)) as unknown as number[],
      ),
    )
  }
  return parts.join('')
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}
