/** Walks the page tree (bounded, with inherited attributes) and reads each page's resources and content. */
import { CheckError } from '../../../vocabulary/error-codes'
import type { PdfLimits } from '../../../vocabulary/pdf-model'
import { tokenizeContent, whitespaceShape } from './content-tokenizer'
import { isWhite } from './lexer'
import type { ObjectStore } from './object-store'
import { readPageFonts, readPageXObjects } from './page-resources'
import { isRef, nameOf, numberOf, type PdfDict, type PdfValue } from './pdf-values'
import type { PdfPageStructure } from './structure-types'

const MAX_TREE_DEPTH = 32
const MAX_OPS_PER_PAGE = 200_000

export interface Inherited {
  resources?: PdfValue
  mediaBox?: PdfValue
  cropBox?: PdfValue
  rotate?: PdfValue
}

function box(store: ObjectStore, value: PdfValue | undefined): number[] | null {
  const v = store.resolve(value)
  if (!Array.isArray(v) || v.length !== 4) return null
  const nums = v.map((x) => store.resolve(x))
  return nums.every((x) => typeof x === 'number') ? (nums as number[]) : null
}

export interface PageDict {
  page: PdfDict
  inherited: Inherited
}

export function collectPageDicts(
  store: ObjectStore,
  pagesRef: PdfValue | undefined,
  limits: PdfLimits,
): PageDict[] {
  const out: PageDict[] = []
  const seen = new Set<number>()
  const root = store.dict(pagesRef)
  const declared = numberOf(root?.map.get('Count'))
  if (declared !== null && declared > limits.maxPages) {
    throw new CheckError(
      'pdf_too_many_pages',
      `The PDF declares ${declared} pages; the limit is ${limits.maxPages}.`,
    )
  }
  const visit = (ref: PdfValue | undefined, inherited: Inherited, depth: number) => {
    if (depth > MAX_TREE_DEPTH) throw new CheckError('pdf_too_complex', 'The page tree is too deep.')
    if (isRef(ref)) {
      if (seen.has(ref.num)) return
      seen.add(ref.num)
    }
    const node = store.dict(ref)
    if (!node) return
    const here: Inherited = {
      resources: node.map.get('Resources') ?? inherited.resources,
      mediaBox: node.map.get('MediaBox') ?? inherited.mediaBox,
      cropBox: node.map.get('CropBox') ?? inherited.cropBox,
      rotate: node.map.get('Rotate') ?? inherited.rotate,
    }
    const type = nameOf(node.map.get('Type'))
    const kids = store.resolve(node.map.get('Kids'))
    if (type === 'Pages' || (type === null && Array.isArray(kids))) {
      if (Array.isArray(kids)) for (const kid of kids) visit(kid, here, depth + 1)
      return
    }
    out.push({ page: node, inherited: here })
    if (out.length > limits.maxPages) {
      throw new CheckError('pdf_too_many_pages', `The PDF has more than ${limits.maxPages} pages.`)
    }
  }
  visit(pagesRef, {}, 0)
  return out
}

/** The page's content streams, decoded and joined with a newline after each (as a reader concatenates them). */
function readContents(
  store: ObjectStore,
  page: PdfDict,
): { parts: Uint8Array[]; contentStreamNums: number[]; joined: Uint8Array } {
  const contents = store.resolve(page.map.get('Contents'))
  const refs = Array.isArray(contents) ? contents : [page.map.get('Contents')]
  const parts: Uint8Array[] = []
  const contentStreamNums: number[] = []
  for (const ref of refs) {
    if (!isRef(ref)) continue
    const data = store.streamData(ref.num)?.decoded
    if (data) {
      parts.push(data)
      contentStreamNums.push(ref.num)
    }
  }
  const total = parts.reduce((n, p) => n + p.length + 1, 0)
  const joined = new Uint8Array(total)
  let at = 0
  for (const p of parts) {
    joined.set(p, at)
    joined[at + p.length] = 0x0a
    at += p.length + 1
  }
  return { parts, contentStreamNums, joined }
}

/** The shape of the whitespace each content stream ends with. */
function contentEndShapes(parts: Uint8Array[]): string[] {
  return parts.map((p) => {
    let from = p.length
    while (from > 0 && isWhite(p[from - 1]!)) from--
    return whitespaceShape(p, from, p.length)
  })
}

export function readPage(
  store: ObjectStore,
  index: number,
  page: PdfDict,
  inherited: Inherited,
): PdfPageStructure {
  const mediaBox = box(store, inherited.mediaBox) ?? [0, 0, 612, 792]
  const cropBox = box(store, inherited.cropBox)
  const rotate = numberOf(store.resolve(inherited.rotate)) ?? 0
  const resources = store.dict(inherited.resources)
  const fonts = readPageFonts(store, resources)
  const { images, forms } = readPageXObjects(store, resources)
  const { parts, contentStreamNums, joined } = readContents(store, page)
  const tokens = tokenizeContent(joined, MAX_OPS_PER_PAGE)
  const contentEnds = contentEndShapes(parts)
  const annots = store.resolve(page.map.get('Annots'))
  return {
    index,
    mediaBox,
    cropBox,
    trimBox: box(store, page.map.get('TrimBox')),
    rotate,
    width: Math.abs(mediaBox[2]! - mediaBox[0]!),
    height: Math.abs(mediaBox[3]! - mediaBox[1]!),
    fonts,
    images,
    forms,
    annotations: Array.isArray(annots) ? annots.length : 0,
    contentStreams: parts.length,
    contentStreamNums,
    operations: tokens.ops,
    numberDecimals: tokens.decimals,
    stringSyntax: tokens.strings,
    operatorSpacing: tokens.spacing,
    contentEnds,
    pageKeys: [...page.map.keys()].sort(),
  }
}
