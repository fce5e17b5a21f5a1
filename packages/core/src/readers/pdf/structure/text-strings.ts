/** Decodes PDF text strings (Info values, ISO 32000-1 §7.9.2): UTF-16BE with BOM, UTF-8 with BOM, else PDFDocEncoding. */

/** PDFDocEncoding differs from Latin-1 in 0x18–0x1F and 0x80–0x9F. */
const LOW: Record<number, string> = {
  24: '\u02d8',
  25: '\u02c7',
  26: '\u02c6',
  27: '\u02d9',
  28: '\u02dd',
  29: '\u02db',
  30: '\u02da',
  31: '\u02dc',
}
const HIGH =
  '\u2022\u2020\u2021\u2026\u2014\u2013\u0192\u2044\u2039\u203a\u2212\u2030\u201e\u201c\u201d\u2018\u2019\u201a\u2122\ufb01\ufb02\u0141\u0152\u0160\u0178\u017d\u0131\u0142\u0153\u0161\u017e\ufffd'

export function decodePdfText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3))
  }
  let out = ''
  for (const b of bytes) {
    if (LOW[b]) out += LOW[b]
    else if (b >= 0x80 && b <= 0x9f) out += HIGH[b - 0x80]
    else if (b === 0xa0) out += '\u20ac'
    else out += String.fromCharCode(b)
  }
  return out
}
