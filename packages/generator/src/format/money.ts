/** Amount text in each bank's style. Amounts are held as integer kopecks to avoid float drift. */

function groups(rubles: number, sep: string): string {
  return String(rubles).replace(/\B(?=(\d{3})+(?!\d))/g, sep)
}

/** VTB/Ozon style: `1 050 ₽`, `600.50 ₽` — kopecks only when non-zero, dot decimal, U+0020 separators. */
export function rubSign(kopecks: number, decimal = '.'): string {
  const r = Math.floor(kopecks / 100)
  const k = kopecks % 100
  return `${groups(r, ' ')}${k ? decimal + String(k).padStart(2, '0') : ''} ₽`
}

/** T-Bank prints the number and then the ₽ glyph in a separate font; this is the number part with its space. */
export function tbankNumber(kopecks: number): string {
  const r = Math.floor(kopecks / 100)
  const k = kopecks % 100
  return `${groups(r, ' ')}${k ? ',' + String(k).padStart(2, '0') : ''} `
}

/** Alfa style: `1 000 RUR`, `49,20 RUR` with U+00A0 separators and a decimal comma. */
export function rur(kopecks: number): string {
  const r = Math.floor(kopecks / 100)
  const k = kopecks % 100
  return `${groups(r, '\u00a0')}${k ? ',' + String(k).padStart(2, '0') : ''}\u00a0RUR`
}

/** Gazprombank style: `10 000,00 руб.` — always two decimals. */
export function rubGpb(kopecks: number): string {
  const r = Math.floor(kopecks / 100)
  const k = kopecks % 100
  return `${groups(r, ' ')},${String(k).padStart(2, '0')} руб.`
}

export const major = (kopecks: number): number => Math.round(kopecks) / 100
