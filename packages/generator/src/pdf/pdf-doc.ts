import { deflate } from 'pako'

/**
 * A tiny single-revision PDF writer: numbered objects written in the order they are set, a classic xref table and
 * a trailer. Dictionaries are passed as preformatted text because each bank's PDF library spaces and orders its
 * dictionaries differently and the generator mimics that; `{LEN}` in a stream dictionary becomes the stream length.
 */
export interface PdfObject {
  num: number
  dict: string
  stream?: Uint8Array
}

export interface SerializeOptions {
  /** Everything before the first object, e.g. `%PDF-1.4\n%âãÏÓ\n` (as Latin-1 text). */
  header: string
  eol: '\n' | '\r\n'
  /** Trailer dictionary text (without `trailer`), e.g. `<</Root 1 0 R/Size 19>>`; `{SIZE}` becomes /Size. */
  trailer: string
  /** Text between `N 0 obj` and the dictionary (PDFBox puts a newline, OpenPDF a newline, BI Publisher CRLF). */
  afterObj?: string
  /** Text between the dictionary and `stream`. */
  beforeStream?: string
  /**
   * The two bytes ending each 20-byte xref entry; by default CRLF with a CRLF `eol`, else SP LF. PDFBox writes
   * CRLF entries although its other lines end in LF.
   */
  entryEol?: ' \n' | '\r\n' | ' \r'
}

export const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff)

/**
 * Flate as the banks' Java libraries write it: classic zlib (pako is a faithful port of zlib 1.2.x) at the default
 * level 6. Node's bundled zlib is a SIMD fork whose output differs byte for byte, which a deflate-fingerprint
 * check would notice; pako is also deterministic across machines.
 */
export const flate = (data: Uint8Array | string): Uint8Array =>
  deflate(typeof data === 'string' ? latin1(data) : data, { level: 6 })

export class PdfDoc {
  private next = 1
  private readonly objects: PdfObject[] = []

  alloc(): number {
    return this.next++
  }

  set(num: number, dict: string, stream?: Uint8Array): void {
    this.objects.push(stream ? { num, dict, stream } : { num, dict })
  }

  get size(): number {
    return this.next
  }

  serialize(o: SerializeOptions): Uint8Array {
    const chunks: Uint8Array[] = []
    let length = 0
    const push = (b: Uint8Array | string): void => {
      const bytes = typeof b === 'string' ? latin1(b) : b
      chunks.push(bytes)
      length += bytes.length
    }
    const offsets = new Map<number, number>()
    push(o.header)
    for (const obj of this.objects) {
      offsets.set(obj.num, length)
      push(`${obj.num} 0 obj${o.afterObj ?? o.eol}`)
      if (obj.stream) {
        push(obj.dict.replace('{LEN}', String(obj.stream.length)))
        push(`${o.beforeStream ?? o.eol}stream${o.eol}`)
        push(obj.stream)
        push(`${o.eol}endstream${o.eol}endobj${o.eol}`)
      } else {
        push(`${obj.dict}${o.eol}endobj${o.eol}`)
      }
    }
    const xrefAt = length
    const eolEntry = o.entryEol ?? (o.eol === '\r\n' ? '\r\n' : ' \n')
    let xref = `xref${o.eol}0 ${this.next}${o.eol}0000000000 65535 f${eolEntry}`
    for (let n = 1; n < this.next; n++) {
      const at = offsets.get(n)
      if (at === undefined) throw new Error(`object ${n} was allocated but never set`)
      xref += `${String(at).padStart(10, '0')} 00000 n${eolEntry}`
    }
    push(xref)
    push(`trailer${o.eol}${o.trailer.replace('{SIZE}', String(this.next))}${o.eol}`)
    push(`startxref${o.eol}${xrefAt}${o.eol}%%EOF${o.eol}`)
    const out = new Uint8Array(length)
    let at = 0
    for (const c of chunks) {
      out.set(c, at)
      at += c.length
    }
    return out
  }
}

export const hex = (bytes: Uint8Array, upper = false): string => {
  let s = ''
  for (const b of bytes) s += b.toString(16).padStart(2, '0')
  return upper ? s.toUpperCase() : s
}

/** A PDF text string as UTF-16BE hex with a BOM (what PDFBox writes for non-Latin text). */
export const utf16Hex = (s: string): string => {
  let out = 'FEFF'
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase()
  return `<${out}>`
}

/** Trims a number the way PDF writers do: at most `places` decimals, no trailing zeros. */
export const num = (v: number, places = 4): string => {
  const s = v.toFixed(places)
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s
}
