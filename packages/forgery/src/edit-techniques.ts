/**
 * Forgeries made by editing the PDF itself (no external program): content patches, metadata rewrites,
 * incremental updates, overlays and recombination.
 */
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { amountRuns, changedAmounts, nameRuns } from './targets'
import {
  type ForgeryContext,
  type ForgeryInput,
  type ForgeryResult,
  skipped,
  type Technique,
} from './technique-types'

export function alignOf(editor: PageEditor, x1: number): 'left' | 'right' {
  return x1 > editor.page.width / 2 ? 'right' : 'left'
}

/** Changes every printed amount equal to the first one (so «Итого» and «Сумма» stay consistent when `all`). */
export function patchAmount(editor: PageEditor, family: string, all: boolean): string | null {
  const runs = amountRuns(editor, family)
  if (runs.length === 0) return null
  const first = runs[0]!
  const targets = all ? runs.filter((r) => r.text === first.text) : [first]
  for (const candidate of changedAmounts(first.text)) {
    if (!first.font || !editor.encode(first.font, candidate)) continue
    // Edit later runs first: op indexes before them stay valid.
    const ordered = [...targets].sort((a, b) => b.opIndex - a.opIndex)
    for (const r of ordered) {
      const current = editor.runs.find((x) => x.opIndex === r.opIndex)!
      editor.replaceRun(current, candidate, alignOf(editor, current.x1))
    }
    return `${targets.length} amount run(s) changed in their leading digit`
  }
  return null
}

export function infoNum(file: PdfFile): number | null {
  const m = /\/Info\s+(\d+)\s+\d+\s+R/.exec(file.trailerText)
  return m ? Number(m[1]) : null
}

export function result(bytes: Uint8Array, filename: string, note: string): ForgeryResult {
  return { ok: true, bytes, filename, note }
}

/** A technique that edits the page of a receipt: `edit` gets the parsed file and its page editor. */
export function pageTechnique(
  id: string,
  label: string,
  edit: (file: PdfFile, editor: PageEditor, input: ForgeryInput, context: ForgeryContext) => ForgeryResult,
): Technique {
  return {
    id,
    label,
    async apply(input, context) {
      const file = new PdfFile(input.bytes)
      return edit(file, new PageEditor(file), input, context)
    },
  }
}

/** An amount patch: the first amount (or every equal one when `all`), saved as a rewrite or an incremental update. */
function amountTechnique(
  id: string,
  label: string,
  all: boolean,
  save: 'rewrite' | 'appendUpdate',
): Technique {
  return pageTechnique(id, label, (file, editor, input, context) => {
    const note = patchAmount(editor, input.family, all)
    if (!note) return skipped('no amount drawable with the subset')
    return result(file[save](editor.contentObjects(context.deflater)), input.filename, note)
  })
}

export const amountPatch = amountTechnique(
  'amount_patch',
  'amount changed in place with glyphs of the embedded subset, clean single revision',
  false,
  'rewrite',
)

export const amountPatchConsistent = amountTechnique(
  'amount_patch_all',
  'every occurrence of the amount changed consistently (totals kept equal), clean single revision',
  true,
  'rewrite',
)

export const incrementalEdit = amountTechnique(
  'incremental_update',
  'amount changed and saved as an incremental update (/Prev, second %%EOF)',
  true,
  'appendUpdate',
)

export const metadataRewrite: Technique = {
  id: 'metadata_rewrite',
  label: 'Info dictionary rewritten (producer and dates) as an editor would save it',
  async apply(input) {
    const file = new PdfFile(input.bytes)
    const info = infoNum(file)
    if (info === null) return skipped('no Info dictionary')
    const text = file.objectText(info)
    const replaced = text.replace(
      /<<([\s\S]*)>>/,
      (_m, body: string) =>
        `<<${body.replace(/\/(Producer|ModDate)\s*\([^)]*\)/g, '')} /Producer (Adobe PDF Library 17.0) /ModDate (D:20260401120000+03'00')>>`,
    )
    return result(file.rewrite(new Map([[info, replaced]])), input.filename, 'producer and ModDate rewritten')
  },
}

export const namesSwapped: Technique = {
  id: 'names_swapped',
  label: 'sender and recipient names swapped in place (glyphs of the subset)',
  async apply(input, context) {
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
    const pair = nameRuns(editor, input.family)
    if (!pair) return skipped('the family does not print both names')
    const [a, b] = pair
    const [first, second] = a.opIndex > b.opIndex ? [a, b] : [b, a]
    const firstText = first === a ? b.text : a.text
    const secondText = second === a ? b.text : a.text
    if (!editor.replaceRun(first, firstText, alignOf(editor, first.x1))) return skipped('glyph missing')
    const again = editor.runs.find((r) => r.opIndex === second.opIndex)!
    if (!editor.replaceRun(again, secondText, alignOf(editor, again.x1))) return skipped('glyph missing')
    return result(file.rewrite(editor.contentObjects(context.deflater)), input.filename, 'names swapped')
  },
}

export const whiteBoxOverlay: Technique = {
  id: 'white_box_overlay',
  label: 'white rectangle painted over the amount and a new amount drawn on top',
  async apply(input, context) {
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
    const run = amountRuns(editor, input.family)[0]
    if (!run?.font) return skipped('amount not found')
    const candidate = changedAmounts(run.text).find((t) => editor.encode(run.font!, t))
    const codes = candidate ? editor.encode(run.font, candidate)! : null
    if (!codes) return skipped('no amount drawable with the subset')
    const width =
      codes.reduce((w, c) => w + (run.font!.widths[c] ?? run.font!.defaultWidth ?? 500), 0) *
      (run.size / 1000)
    const top = editor.page.mediaBox[3] ?? editor.page.height
    const y = top - run.baseline
    const x = run.x1 - width
    const hex = codes.map((c) => c.toString(16).padStart(run.font!.bytesPerCode * 2, '0')).join('')
    editor.append(
      `q 1 1 1 rg ${(run.x0 - 1).toFixed(2)} ${(y - run.size * 0.3).toFixed(2)} ${(run.x1 - run.x0 + 2).toFixed(2)} ${(run.size * 1.3).toFixed(2)} re f Q ` +
        `q ${run.fill.replace(/,/g, ' ')} rg BT /${run.font.resource} ${run.size} Tf 1 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)} Tm <${hex}> Tj ET Q`,
    )
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      'amount covered and redrawn',
    )
  },
}

export const recombined: Technique = {
  id: 'recombined',
  label: "two receipts recombined: one receipt's page content in another's container",
  async apply(input, context) {
    if (!context.partner) return skipped('no second receipt of the family')
    const file = new PdfFile(input.bytes)
    const partner = new PageEditor(new PdfFile(context.partner.bytes))
    const editor = new PageEditor(file)
    editor.decoded = partner.decoded
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      "partner's page content in this container",
    )
  },
}

export const newGlyphs: Technique = {
  id: 'new_glyphs_patch',
  label: 'recipient name replaced by text the subset cannot draw, with a font the editor added',
  async apply(input, context) {
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
    const target = nameRuns(editor, input.family)?.[1] ?? amountRuns(editor, input.family)[0]
    if (!target) return skipped('no name or amount to replace')
    const fontNum = Math.max(...file.structure.objects.map((o) => o.num)) + 1
    // The page's /Font dictionary is inline in the page or resources, or an object of its own.
    const candidates = [editor.pageNum, ...file.slices.map((s) => s.num)]
    const inline = candidates.find((n) => /\/Font\s*<</.test(file.objectText(n)))
    const indirect = candidates
      .map((n) => /\/Font\s+(\d+)\s+\d+\s+R/.exec(file.objectText(n))?.[1])
      .find((n) => n !== undefined)
    const fontDictOwner = inline ?? (indirect === undefined ? undefined : Number(indirect))
    if (fontDictOwner === undefined) return skipped('font dictionary not found')
    const owner =
      inline !== undefined
        ? file.objectText(inline).replace(/\/Font\s*<</, `/Font << /FZ9 ${fontNum} 0 R `)
        : file.objectText(fontDictOwner).replace(/<</, `<< /FZ9 ${fontNum} 0 R `)
    const top = editor.page.mediaBox[3] ?? editor.page.height
    const text = 'Ivan Petrov'
    const width = text.length * 0.5 * target.size
    const x = target.x1 > editor.page.width / 2 ? target.x1 - width : target.x0
    editor.append(
      `q 1 1 1 rg ${(target.x0 - 1).toFixed(2)} ${(top - target.baseline - target.size * 0.3).toFixed(2)} ${(target.x1 - target.x0 + 2).toFixed(2)} ${(target.size * 1.3).toFixed(2)} re f Q ` +
        `BT /FZ9 ${target.size} Tf 1 0 0 1 ${x.toFixed(2)} ${(top - target.baseline).toFixed(2)} Tm (${text}) Tj ET`,
    )
    const replacements = editor.contentObjects(context.deflater)
    replacements.set(fontDictOwner, owner)
    const font = `${fontNum} 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>\nendobj\n`
    return result(
      file.rewrite(replacements, [font]),
      input.filename,
      'text drawn with an added Helvetica font',
    )
  },
}

export const amountPatchClassicZlib: Technique = {
  id: 'amount_patch_classic_zlib',
  label:
    'amount changed in place, recompressed with classic zlib like the generator (strongest in-place edit)',
  async apply(input) {
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
    const note = patchAmount(editor, input.family, true)
    if (!note) return skipped('no amount drawable with the subset')
    return result(file.rewrite(editor.contentObjects('classic')), input.filename, note)
  },
}
