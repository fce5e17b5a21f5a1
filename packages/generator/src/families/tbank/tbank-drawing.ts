import { rubleAdvance1000 } from '../../font/embed-font'
import { cidLiteral, type FontUse } from '../../font/font-use'
import { num } from '../../pdf/pdf-doc'
import type { TruthMeta } from '../family-types'
import type { JasperPage } from '../jasper-text'

/** What every T-Bank receipt draws the same way, whatever its rows: the total, an amount with its ₽, the id. */
export const DARK = '0.2 0.2 0.2 rg'
export const GREY = '0.56471 0.56471 0.56471 rg'

const rubleWidth = (size: number): number => (rubleAdvance1000() * size) / 1000

/** `Итого` and the total: Medium digits, then the ruble glyph in ALSRubl drawn fill+stroke (fake bold). */
export function drawTotal(page: JasperPage, medium: FontUse, number: string, height: number): void {
  page.line(medium, 'F2', 'Итого', 19, 92, 16, DARK)
  const totalX = 250 - medium.width(number, 16) - rubleWidth(16)
  const yTotal = page.baseline(medium, 92, 16)
  page.ops.push('BT', `1 0 0 1 ${num(totalX, 2)} ${num(yTotal, 2)} Tm`, '/F2 16 Tf', DARK)
  page.ops.push(`${cidLiteral(medium.encode(number))}Tj`, '0 g', '/F3 16 Tf', '2 Tr', '0.53333 w')
  page.ops.push('0.2 0.2 0.2 RG', DARK, '(i)Tj', '0 g', '0 Tr', '0 G', '1 w', 'ET', '1 0 0 1 0 0 cm')
  page.ops.push(
    '1 w',
    '0 J',
    '1 0.86667 0.17647 RG',
    '[] 0 d',
    `19 ${height - 121.5} m`,
    `249 ${height - 121.5} l`,
    'S',
  )
}

/** A row's amount right-aligned to 250: the digits in TinkoffSans, the ₽ as `(i)Tj` in ALSRubl. */
export function drawAmountValue(page: JasperPage, regular: FontUse, number: string, y: number): void {
  const x = 250 - regular.width(number, 9) - rubleWidth(9)
  page.ops.push('BT', `1 0 0 1 ${num(x, 2)} ${num(page.baseline(regular, y, 9), 2)} Tm`, '/F1 9 Tf', DARK)
  page.ops.push(`${cidLiteral(regular.encode(number))}Tj`, '/F3 9 Tf', '(i)Tj', '0 g', 'ET', '1 0 0 1 0 0 cm')
}

/** The SBP id: label and value both wrap (27 + 5 characters), 11 pt apart. */
export function drawSbpId(page: JasperPage, regular: FontUse, id: string, y: number): void {
  page.line(regular, 'F1', 'Идентификатор операции', 20, y, 9, DARK)
  page.right(regular, 'F1', id.slice(0, 27), 250, y, 9, DARK)
  page.line(regular, 'F1', 'СБП', 20, y + 11, 9, DARK)
  page.right(regular, 'F1', id.slice(27), 250, y + 11, 9, DARK)
}

/** T-Bank's `Keywords`: the creation time, a random 32-hex id and a counter. */
export function tbankKeywords(created: string, hexId: string, counter = '10893'): string {
  return `${created} | ${hexId} | ${counter}`
}

/** The container facts of the 6.20.3 + OpenPDF build, as the truth records them. */
export function tbankMeta(creationDate: string, height: number): TruthMeta {
  return {
    producer: 'OpenPDF 1.3.30.jaspersoft.2',
    creator: 'JasperReports Library version 6.20.3-415f9428cffdb6805c6f85bbb29ebaf18813a2ab',
    pdfVersion: '1.5',
    creationDate,
    modDate: creationDate,
    idHalvesEqual: false,
    pageSize: [270, height],
    fonts: ['TinkoffSans-Regular', 'TinkoffSans-Medium', 'ALSRubl'],
  }
}
