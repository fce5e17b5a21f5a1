/** How the statement fuzz writes its files: cp866 bytes, CSV cells and rows, 1C documents, the 10 MiB body. */
import { write1cStatement } from '@rv/core/settlement'
import { creditLine } from './credit-lines'
import type { Prng } from './mutate'

const account = '40702810900000012345'

/** Text to cp866 bytes (DOS 1C files): ASCII, the Cyrillic block, Ё/ё; anything else `?`. */
export function encodeCp866(text: string): Uint8Array {
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    out[i] =
      c < 0x80
        ? c
        : c >= 0x410 && c <= 0x43f
          ? c - 0x410 + 0x80
          : c >= 0x440 && c <= 0x44f
            ? c - 0x440 + 0xe0
            : c === 0x401
              ? 0xf0
              : c === 0x451
                ? 0xf1
                : 0x3f
  }
  return out
}

/** A CSV cell, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  return /[",;\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvColumns =
  'line_id:id,amount:amount,currency:currency,credited_at:at,payer_name:payer,purpose:purpose'

/** Credit lines as the CSV `csvColumns` maps, `;`-separated. */
export function writeCsv(lines: readonly object[]): string {
  const rows = (lines as readonly Record<string, unknown>[]).map((l) =>
    [l.line_id, l.amount, l.currency, l.credited_at, l.payer_name, l.purpose]
      .map((v) => csvCell(v as string))
      .join(';'),
  )
  return ['id;amount;currency;at;payer;purpose', ...rows].join('\r\n')
}

/** A 1C file of `n` credits; `Номер` unique per input and line. */
export function oneC(rng: Prng, i: number, n: number): string {
  return write1cStatement(
    account,
    Array.from({ length: n }, (_, k) => ({
      number: `${i}${String(k).padStart(4, '0')}`,
      credit: creditLine(rng, 'x'),
    })),
  )
}

/** UTF-16LE bytes of `text`. */
export function encodeUtf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 * text.length)
  for (let k = 0; k < text.length; k++) new DataView(bytes.buffer).setUint16(2 * k, text.charCodeAt(k), true)
  return bytes
}

let tooBig: Uint8Array | undefined
/** 10 MiB and one byte of CSV rows (made once). */
export function overTenMib(): Uint8Array {
  tooBig ??= new TextEncoder().encode(
    `id;amount;at\r\n${'1;1,00;01.11.2026\r\n'.repeat(Math.ceil((10 * 2 ** 20 + 1) / 18))}`,
  )
  return tooBig
}
