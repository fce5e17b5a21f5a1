/**
 * The glyphs of a number's word, counted from its pixels: the blobs of ink (ink-blobs.ts) that reach at
 * least 60 % of the tallest one's height — digits and a currency sign; a point, a comma or a speck stays
 * lower — once blobs standing over one another (a glyph drawn, or blurred, in pieces) are joined into one
 * column, and neighbours whose ink touches cut apart.
 * Core's `restoreDroppedOnes` compares them with what OCR read. Null when the box has no contrast.
 */
import type { GlyphColumn } from '@rv/core'
import type { GrayImage } from './find-unread-ink'
import { type Box, inkBlobs } from './ink-blobs'

export function findGlyphColumns(image: GrayImage, box: Box): GlyphColumn[] | null {
  const blobs = inkBlobs(image, box)
  if (!blobs || blobs.length === 0) return null
  const columns: { left: number; right: number; top: number; bottom: number }[] = []
  for (const blob of [...blobs].sort((a, b) => a.left - b.left)) {
    const last = columns.at(-1)
    if (last && blob.left <= last.right) {
      last.right = Math.max(last.right, blob.right)
      last.top = Math.min(last.top, blob.top)
      last.bottom = Math.max(last.bottom, blob.bottom)
    } else columns.push({ ...blob })
  }
  const tallest = Math.max(...columns.map((c) => c.bottom - c.top + 1))
  const glyphs = columns
    .filter((c) => c.bottom - c.top + 1 >= 0.6 * tallest)
    .map((c) => ({ left: c.left, width: c.right - c.left + 1 }))
  return glyphs.flatMap(splitTouching(glyphs))
}

/**
 * Neighbours whose ink touches (a bold `00` on a small render) are one blob: a column that spans, with the
 * usual gap between glyphs, at least 1.7 median glyphs is cut into as many equal columns as glyphs it spans.
 */
function splitTouching(glyphs: readonly GlyphColumn[]): (column: GlyphColumn) => GlyphColumn[] {
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const width = median(glyphs.map((g) => g.width))
  const gap = Math.max(0, median(glyphs.slice(1).map((g, i) => g.left - glyphs[i]!.left)) - width)
  return (column) => {
    const spans = width > 0 ? (column.width + gap) / (width + gap) : 1
    const parts = spans >= 1.7 ? Math.round(spans) : 1
    const part = (column.width - (parts - 1) * gap) / parts
    return Array.from({ length: parts }, (_, i) => ({ left: column.left + i * (part + gap), width: part }))
  }
}
