/**
 * Dictionary text in the house style of each PDF library the banks use, so a synthetic file's objects look like
 * the real ones to a structure parser:
 * - `pdfbox`: `<<\n/Key value\n>>` (openhtmltopdf, VTB);
 * - `bip`: `<< /Key value /Key value >>` (Oracle BI Publisher, Alfa);
 * - `compact`: `<</Key value/Key value>>` (OpenPDF and iText under JasperReports);
 * - `skia`: `<</Key value\n/Key value>>` (Chromium's Skia).
 */
export type DictStyle = 'pdfbox' | 'bip' | 'compact' | 'skia'

export type DictEntries = Array<[string, string]>

export function dict(entries: DictEntries, style: DictStyle): string {
  switch (style) {
    case 'pdfbox':
      return `<<\n${entries.map(([k, v]) => `/${k} ${v}`).join('\n')}\n>>`
    case 'bip':
      return `<< ${entries.map(([k, v]) => `/${k} ${v}`).join(' ')} >>`
    case 'compact':
      return `<<${entries.map(([k, v]) => `/${k}${/^[/<[(]/.test(v) ? '' : ' '}${v}`).join('')}>>`
    case 'skia':
      return `<<${entries.map(([k, v]) => `/${k} ${v}`).join('\n')}>>`
  }
}

export const ref = (n: number): string => `${n} 0 R`
