/**
 * The page and file every T-Bank receipt shares (an SBP transfer, a QR purchase): date, total, label/value rows,
 * the SBP id, the stamp and the footer, then the OpenPDF container with its Keywords stamp.
 */
import { FontUse } from '../../font/font-use'
import { dmy, hms, msk, pdfDate } from '../../format/time'
import type { Rng } from '../../random/rng'
import { JasperPage } from '../jasper-text'
import { writeTbankPdf } from './tbank-container'
import { DARK, drawAmountValue, drawSbpId, drawTotal, GREY, tbankKeywords } from './tbank-drawing'

export interface TbankPrint {
  /** Page height (pt). */
  height: number
  /** Top (yMin) of each row. */
  rowsY: readonly number[]
  /** Top of the SBP id; the stamp and the footer follow it at fixed distances. */
  idY: number
  date: string
  /** The amount as T-Bank prints it, without the ₽. */
  number: string
  rows: Array<[string, string]>
  id: string
  receiptNo: string
}

/** Draws the page (the fonts collect the glyphs it uses) and returns its content stream. */
export function drawTbankPage(p: TbankPrint): { regular: FontUse; medium: FontUse; content: string } {
  const regular = new FontUse('LiberationSansNarrow-Regular', 'TinkoffSans-Regular', 'original')
  const medium = new FontUse('LiberationSans-Bold', 'TinkoffSans-Medium', 'original')
  const page = new JasperPage(p.height)
  page.anchor('F1', true)
  page.image('img1', 121, 28, 28, 28)
  page.line(regular, 'F1', p.date, 20, 79, 8, GREY)
  drawTotal(page, medium, p.number, p.height)
  p.rows.forEach(([label, value], i) => {
    const y = p.rowsY[i]!
    page.line(regular, 'F1', label, 20, y, 9, DARK)
    if (label === 'Сумма') drawAmountValue(page, regular, p.number, y)
    else page.right(regular, 'F1', value, 250, y, 9, DARK)
  })
  // The SBP id: label and value both wrap (27 + 5 characters).
  drawSbpId(page, regular, p.id, p.idY)
  page.image('img3', 66, p.idY + 37, 175, 63.23)
  // a thin grey rule between the stamp and the receipt number
  page.ops.push('0.89804 0.89804 0.89804 RG', '20 80.5 m', '250 80.5 l', 'S')
  page.line(regular, 'F1', `Квитанция № ${p.receiptNo}`, 20, p.idY + 137, 9, DARK)
  page.line(regular, 'F1', 'По вопросам зачисления обращайтесь к получателю', 20, p.idY + 154, 9, GREY)
  page.line(regular, 'F1', 'Служба поддержки fb@tbank.ru', 20, p.idY + 171, 9, GREY)
  return { regular, medium, content: page.content }
}

/**
 * Draws and writes the file, created at `created`: Keywords carry that time, 16 random bytes and `counter`
 * (10893 on fresh downloads).
 */
export function writeTbankReceipt(
  p: TbankPrint,
  rng: Rng,
  created: number,
  counter?: string,
): { pdf: Uint8Array; creationDate: string } {
  const { regular, medium, content } = drawTbankPage(p)
  const creationDate = pdfDate(msk(created), "+03'00'")
  const hexId = [...rng.bytes(16)].map((b) => b.toString(16).padStart(2, '0')).join('')
  const pdf = writeTbankPdf({
    content,
    regular,
    medium,
    rng: rng.fork('tbank-file'),
    creationDate,
    keywords: tbankKeywords(`${dmy(msk(created))} ${hms(msk(created))}`, hexId, counter),
    linkX: 20 + regular.width('Служба поддержки ', 9),
    linkWidth: regular.width('fb@tbank.ru', 9),
    height: p.height,
  })
  return { pdf, creationDate }
}

/** The printed label/value pairs in reading order, as the truth records them. */
export function tbankPrinted(p: TbankPrint): Array<[string, string]> {
  return [
    ['date', p.date],
    ['Итого', `${p.number}₽`],
    ...p.rows,
    ['Идентификатор операции СБП', p.id],
    ['Квитанция №', p.receiptNo],
  ]
}
