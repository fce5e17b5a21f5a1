/**
 * The time facts a receipt prints, read per family, and the relations between them and the file's own
 * metadata: SBP id time vs printed time, CreationDate vs printed time, Alfa «Сформирована» vs printed time.
 * Printed times are Moscow time (UTC+3); SBP id times are UTC.
 */

import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { moscowOffsetSeconds } from '../../../vocabulary/time/moscow-time'
import type { TextSegment } from './text-segments'

export interface PrintedTime {
  /** Epoch seconds (UTC) of the start of the printed unit. */
  epoch: number
  precision: 1 | 60
  segment: TextSegment
}

export interface PrintedFacts {
  bank: string
  operation: PrintedTime | null
  generated: PrintedTime | null
  sbpId: { id: string; segment: TextSegment } | null
  /** Signed seconds the id time lies outside the printed unit (0 inside it); null without both. */
  idTimeSlack: number | null
  creationAfterOperation: number | null
  generatedAfterOperation: number | null
}

const MSK = moscowOffsetSeconds

function epochMsk(d: string, mo: string, y: string, h: string, mi: string, s = '0'): number {
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000 - MSK
}

/** The operation-time pattern of each family (FAMILIES.md «Value formats»). */
const OPERATION_TIME: Record<string, RegExp> = {
  vtb: /^(\d{2})\.(\d{2})\.(\d{4}), (\d{2}):(\d{2})$/,
  alfa: /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2}) мск$/,
  // T-Bank sometimes prints minutes only (FAMILIES.md, "How receipts live in the wild" 3).
  tbank: /^(\d{2})\.(\d{2})\.(\d{4}) +(\d{2}):(\d{2})(?::(\d{2}))?$/,
  gazprombank: /^(\d{2})\.(\d{2})\.(\d{4}) в (\d{2}):(\d{2}) \(МСК\)$/,
  ozon: /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/,
}

const GENERATED_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}) мск$/

function clean(s: TextSegment): string {
  return s.text.replace(/[\s\u00a0]+/g, ' ').trim()
}

function findTime(segments: readonly TextSegment[], re: RegExp, skip?: TextSegment): PrintedTime | null {
  for (const seg of segments) {
    if (seg === skip) continue
    // Ozon prints «Перевод» and the date on one row; take the trailing date.
    const text = clean(seg).replace(/^Перевод\s+/, '')
    const m = re.exec(text)
    if (!m) continue
    const withSeconds = m[6] !== undefined
    return {
      epoch: epochMsk(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]),
      precision: withSeconds ? 1 : 60,
      segment: seg,
    }
  }
  return null
}

const SBP_ID = /[AB]\d{10}[0-9A-Z]{21}/
const SBP_ID_HEAD = /[AB]\d{10}[0-9A-Z]{0,20}$/

/** Finds the SBP id, also when wrapped onto a second line (VTB 25+7, T-Bank 27+5 with «СБП» beside it). */
function findSbpId(segments: readonly TextSegment[]): { id: string; segment: TextSegment } | null {
  for (const seg of segments) {
    const m = SBP_ID.exec(clean(seg).replace(/\s/g, ''))
    if (m) return { id: m[0], segment: seg }
  }
  for (const seg of segments) {
    const head = SBP_ID_HEAD.exec(clean(seg))
    if (!head) continue
    const tail = segments.find(
      (t) =>
        t.baseline > seg.baseline + 1 &&
        t.baseline - seg.baseline <= seg.size * 2.5 &&
        /^[0-9A-Z]+$/.test(clean(t)) &&
        clean(t).length === 32 - head[0].length,
    )
    if (tail) return { id: head[0] + clean(tail), segment: seg }
  }
  return null
}

/** Decodes characters 2–11 of an SBP id to epoch seconds (UTC), taking the decade from a reference time. */
export function decodeSbpIdTime(id: string, referenceEpoch: number): number | null {
  const m = /^[AB](\d)(\d{3})(\d{2})(\d{2})(\d{2})/.exec(id)
  if (!m) return null
  const doy = Number(m[2])
  const [h, mi, s] = [Number(m[3]), Number(m[4]), Number(m[5])]
  if (doy < 1 || doy > 366 || h > 23 || mi > 59 || s > 59) return null
  const refYear = new Date(referenceEpoch * 1000).getUTCFullYear()
  let best: number | null = null
  for (const year of [refYear - 10, refYear, refYear + 10].map((y) => y - (y % 10) + Number(m[1]))) {
    const t = Date.UTC(year, 0, 1) / 1000 + (doy - 1) * 86400 + h * 3600 + mi * 60 + s
    if (best === null || Math.abs(t - referenceEpoch) < Math.abs(best - referenceEpoch)) best = t
  }
  return best
}

/** `D:YYYYMMDDHHmmSS+03'00'` / `Z` → epoch seconds. */
export function parsePdfDate(value: string | undefined): number | null {
  if (!value) return null
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|([+-])(\d{2})'?(\d{2})'?)?/.exec(value)
  if (!m) return null
  const local =
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000
  if (!m[8]) return local
  const offset = (Number(m[9]) * 3600 + Number(m[10]) * 60) * (m[8] === '-' ? -1 : 1)
  return local - offset
}

export function readPrintedFacts(
  bank: string,
  segments: readonly TextSegment[],
  s: PdfStructure,
): PrintedFacts {
  const pattern = OPERATION_TIME[bank]
  const generated = bank === 'alfa' ? findTime(segments, GENERATED_TIME) : null
  const operation = pattern ? findTime(segments, pattern, generated?.segment) : null
  const sbpId = findSbpId(segments)
  let idTimeSlack: number | null = null
  if (operation && sbpId) {
    const decoded = decodeSbpIdTime(sbpId.id, operation.epoch)
    if (decoded !== null) {
      const end = operation.epoch + operation.precision - 1
      idTimeSlack = decoded < operation.epoch ? decoded - operation.epoch : decoded > end ? decoded - end : 0
    }
  }
  const created = parsePdfDate(s.info['CreationDate'])
  return {
    bank,
    operation,
    generated,
    sbpId,
    idTimeSlack,
    creationAfterOperation: created !== null && operation ? created - operation.epoch : null,
    generatedAfterOperation: generated && operation ? generated.epoch - operation.epoch : null,
  }
}
