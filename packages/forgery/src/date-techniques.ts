/**
 * Date edits and copied identity: the printed operation date moved (with or without the SBP id time, the
 * operation number, the metadata dates and the file name that encode it), and the trailer /ID and Info
 * dates copied from another genuine receipt of the same family, as kits do to make an edited file carry
 * a genuine file's identity.
 */
import { moscowOffsetSeconds } from '@rv/core/vocabulary'
import { shiftFilename, shiftPdfDates, shiftPrintedDate, shiftSbpId } from './date-shift'
import { alignOf, infoNum, patchAmount, result } from './edit-techniques'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { factsOf } from './targets'
import {
  type ForgeryContext,
  type ForgeryInput,
  type ForgeryResult,
  skipped,
  type Technique,
} from './technique-types'

interface DateEdit {
  /** Whole days the printed date moves; `partner` takes the partner's operation day. */
  days: number | 'partner'
  /** Move the SBP id time, the operation number and the file name with the date. */
  idConsistent: boolean
  /** Info dates: kept, moved with the date, or copied (with the trailer /ID) from the partner. */
  metadata: 'keep' | 'shift' | 'partner'
}

const DAY = 86400
const MSK = moscowOffsetSeconds

/** The partner's Info dates and trailer /ID, copied over this file's (`null` when the partner has none). */
function copyIdentity(file: PdfFile, partner: PdfFile, replacements: Map<number, string>): string | null {
  const id = /\/ID\s*\[[^\]]*\]/.exec(partner.trailerText)?.[0]
  const ownInfo = infoNum(file)
  const partnerInfo = infoNum(partner)
  const dates = new Map<string, string>()
  if (partnerInfo !== null)
    for (const m of partner.objectText(partnerInfo).matchAll(/\/(CreationDate|ModDate)\s*(\([^)]*\))/g))
      dates.set(m[1]!, m[2]!)
  if (!id && dates.size === 0) return null
  if (ownInfo !== null && dates.size > 0)
    replacements.set(
      ownInfo,
      file
        .objectText(ownInfo)
        .replace(/\/(CreationDate|ModDate)\s*\([^)]*\)/g, (m, key: string) =>
          dates.has(key) ? `/${key}${m.includes(' (') ? ' ' : ''}${dates.get(key)}` : m,
        ),
    )
  return id ? file.trailerText.replace(/\/ID\s*\[[^\]]*\]/, id) : file.trailerText
}

async function datePatch(input: ForgeryInput, context: ForgeryContext, edit: DateEdit) {
  const file = new PdfFile(input.bytes)
  const editor = new PageEditor(file)
  const facts = factsOf(editor, input.family)
  if (!facts.operation) return skipped('operation time not found')
  const partner = context.partner ? new PdfFile(context.partner.bytes) : null
  let days = 0
  if (edit.days === 'partner') {
    if (!partner) return skipped('no second receipt of the family')
    const other = factsOf(new PageEditor(partner), input.family).operation
    if (!other) return skipped("the partner's operation time not found")
    days = Math.floor((other.epoch + MSK) / DAY) - Math.floor((facts.operation.epoch + MSK) / DAY)
  } else days = edit.days
  const replacements = new Map<number, string>()
  const edits: { opIndex: number; text: string }[] = []
  const dateRun = facts.operation.segment.runs.find((r) => /\d{2}\.\d{2}\.\d{4}/.test(r.text))
  if (!dateRun) return skipped('operation date run not found')
  edits.push({ opIndex: dateRun.opIndex, text: shiftPrintedDate(dateRun.text, days) })
  if (edit.idConsistent) {
    const year = new Date(facts.operation.epoch * 1000).getUTCFullYear()
    const id = facts.sbpId?.id
    const idRun = id
      ? editor.runs.find((r) => r.text.replace(/[\s\u00a0]/g, '').includes(id.slice(0, 11)))
      : undefined
    if (id && idRun)
      edits.push({
        opIndex: idRun.opIndex,
        text: idRun.text.replace(id.slice(0, 11), shiftSbpId(id, days, year).slice(0, 11)),
      })
    // Alfa's operation number carries DDMMYY at 3–8 (an SBP id has the same shape: never take it for one).
    const opNumber =
      input.family === 'alfa'
        ? editor.runs.find((r) => r !== idRun && /^[A-Z]\d{2}\d{6}\d{7}/.test(r.text.trim()))
        : undefined
    if (opNumber) {
      const t = new Date((facts.operation.epoch + MSK + days * DAY) * 1000)
      const ddmmyy = `${String(t.getUTCDate()).padStart(2, '0')}${String(t.getUTCMonth() + 1).padStart(2, '0')}${String(t.getUTCFullYear() % 100).padStart(2, '0')}`
      const text = opNumber.text.trim()
      edits.push({
        opIndex: opNumber.opIndex,
        text: opNumber.text.replace(text, text.slice(0, 3) + ddmmyy + text.slice(9)),
      })
    }
  }
  const info = infoNum(file)
  if (edit.metadata === 'shift' && info !== null)
    replacements.set(info, shiftPdfDates(file.objectText(info), days))
  let trailer: string | undefined
  if (edit.metadata === 'partner') {
    if (!partner) return skipped('no second receipt of the family')
    trailer = copyIdentity(file, partner, replacements) ?? undefined
    if (trailer === undefined) return skipped('the partner has neither /ID nor Info dates to copy')
  }
  for (const e of edits.sort((a, b) => b.opIndex - a.opIndex)) {
    const run = editor.runs.find((r) => r.opIndex === e.opIndex)!
    if (!editor.replaceRun(run, e.text, alignOf(editor, run.x1)))
      return skipped('a needed digit is missing from the subset')
  }
  for (const [k, v] of editor.contentObjects(context.deflater)) replacements.set(k, v)
  const filename = edit.idConsistent ? shiftFilename(input.filename, days) : input.filename
  const what = [
    edit.idConsistent ? 'id, operation number and file name moved alike' : 'id left as it was',
    { keep: 'metadata kept', shift: 'metadata dates moved', partner: "partner's /ID and dates copied" }[
      edit.metadata
    ],
  ]
  return result(
    file.rewrite(replacements, [], trailer),
    filename,
    `operation date moved ${days} day(s); ${what.join('; ')}`,
  )
}

export const datePatchInconsistent: Technique = {
  id: 'date_patch_inconsistent_id',
  label: 'operation date changed, SBP id and metadata left as they were',
  apply: (input, context) => datePatch(input, context, { days: -1, idConsistent: false, metadata: 'keep' }),
}

export const datePatchConsistent: Technique = {
  id: 'date_patch_consistent_id',
  label: 'operation date changed together with the SBP id time, operation number, CreationDate and file name',
  apply: (input, context) => datePatch(input, context, { days: -1, idConsistent: true, metadata: 'shift' }),
}

export const datePatchMetadataKept: Technique = {
  id: 'date_patch_metadata_kept',
  label:
    'operation date changed with the SBP id time, operation number and file name; /ID and Info dates kept',
  apply: (input, context) => datePatch(input, context, { days: -1, idConsistent: true, metadata: 'keep' }),
}

export const datePatchFromPartner: Technique = {
  id: 'date_copied_from_partner',
  label:
    "operation date set to another genuine receipt's day (SBP id, operation number, file name alike), its /ID and Info dates copied",
  apply: (input, context) =>
    datePatch(input, context, { days: 'partner', idConsistent: true, metadata: 'partner' }),
}

export const idDatesCopied: Technique = {
  id: 'id_dates_copied',
  label: 'amount changed; trailer /ID and Info CreationDate/ModDate copied from another genuine receipt',
  async apply(input, context): Promise<ForgeryResult> {
    if (!context.partner) return skipped('no second receipt of the family')
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
    const note = patchAmount(editor, input.family, true)
    if (!note) return skipped('no amount drawable with the subset')
    const replacements = editor.contentObjects(context.deflater)
    const trailer = copyIdentity(file, new PdfFile(context.partner.bytes), replacements)
    if (trailer === null) return skipped('the partner has neither /ID nor Info dates to copy')
    return result(
      file.rewrite(replacements, [], trailer),
      input.filename,
      `${note}; partner's /ID and dates copied`,
    )
  },
}
