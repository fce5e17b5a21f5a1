/** Shifting printed dates, SBP ids, PDF dates and file names by whole days, consistently. */

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0')
}

/** `DD.MM.YYYY` anywhere in the text, moved by `days`. */
export function shiftPrintedDate(text: string, days: number): string {
  return text.replace(/(\d{2})\.(\d{2})\.(\d{4})/, (_m, d, mo, y) => {
    const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)) + days * 86400_000)
    return `${pad(t.getUTCDate())}.${pad(t.getUTCMonth() + 1)}.${t.getUTCFullYear()}`
  })
}

/** Rewrites characters 2–11 of an SBP id (year digit, UTC day of year, HHMMSS) for a time moved by `days`. */
export function shiftSbpId(id: string, days: number, referenceYear: number): string {
  const m = /^([AB])(\d)(\d{3})(\d{6})/.exec(id)
  if (!m) return id
  const year = referenceYear - (referenceYear % 10) + Number(m[2])
  const t = new Date(Date.UTC(year, 0, 1) + (Number(m[3]) - 1 + days) * 86400_000)
  const doy = Math.floor((t.getTime() - Date.UTC(t.getUTCFullYear(), 0, 1)) / 86400_000) + 1
  return `${m[1]}${t.getUTCFullYear() % 10}${pad(doy, 3)}${m[4]}${id.slice(11)}`
}

/** `D:YYYYMMDDHHmmSS…` values moved by `days` (the rest of the value, time zone included, kept). */
export function shiftPdfDates(objectText: string, days: number): string {
  return objectText.replace(/D:(\d{4})(\d{2})(\d{2})(\d{6})/g, (_m, y, mo, d, rest) => {
    const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)) + days * 86400_000)
    return `D:${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}${rest}`
  })
}

/** VTB `DD-MM-YY_HH-MM.pdf` moved by `days`; other names unchanged. */
export function shiftFilename(name: string, days: number): string {
  return name.replace(/^(\d{2})-(\d{2})-(\d{2})_/, (_m, d, mo, y) => {
    const t = new Date(Date.UTC(2000 + Number(y), Number(mo) - 1, Number(d)) + days * 86400_000)
    return `${pad(t.getUTCDate())}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCFullYear() % 100)}_`
  })
}
