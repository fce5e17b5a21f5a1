/**
 * Where the first OCR pass left ink unread: text-sized clusters of ink outside every word box it returned.
 *
 * Why: tesseract binarises the whole page with one global (Otsu) threshold. On a page of dark text, light grey
 * text (Ozon's `Перевод` + date row in #ACACAC, T-Bank's #909090 date line) falls on the paper's side of it
 * and is dropped whole or in part. Cropped alone, such a row has its own threshold and reads cleanly; so the
 * second reading (reread-regions.ts) looks only at these clusters, never at what was already read.
 *
 * Ink is a pixel darker than the paper by `inkContrast` levels (paper = the 90th percentile, so a photo's
 * grey paper counts as paper and its grain, ±12 levels, as nothing). The clusters are found on a grid of
 * cells a fifth of a text line tall, joined along a row across gaps narrower than a word space; a cluster is
 * kept when it is shaped like text: between half a line and 2.5 lines tall, at least half a line long, and
 * not a filled shape (a logo: ink over more than 60 % of its box). The first pass's words on the same row beside a cluster (a date read in part)
 * join its region, so the region is read whole and replaces them.
 */
import type { OcrWord } from '@rv/core'

export interface GrayImage {
  /** One byte per pixel, row by row. */
  pixels: Uint8Array
  width: number
  height: number
}

export interface UnreadRegion {
  /** Pixel box to read again (padded, inside the image). */
  left: number
  top: number
  width: number
  height: number
  /** First-pass words the region's reading replaces (they lie inside it, on its row). */
  replaces: OcrWord[]
}

export interface FindUnreadOptions {
  /** Levels below the paper that count as ink. */
  inkContrast?: number
  /** At most this many regions (the ones with the most ink), to bound the second reading's time. */
  maxRegions?: number
}

export function findUnreadInk(
  image: GrayImage,
  words: readonly OcrWord[],
  options: FindUnreadOptions = {},
): UnreadRegion[] {
  const lineHeight = median(words.map((w) => w.height)) || Math.max(12, Math.round(image.height / 80))
  const paper = percentile(image.pixels, 0.9)
  const ink = paper - (options.inkContrast ?? 40)
  if (ink <= 0) return []
  const covered = coveredMask(image, words, Math.round(0.25 * lineHeight))
  const cell = Math.max(2, Math.round(lineHeight / 5))
  const grid = inkCells(image, covered, ink, cell)
  const clusters = clusterCells(grid, Math.ceil((0.8 * lineHeight) / cell))
  const regions: (UnreadRegion & { ink: number })[] = []
  for (const c of clusters) {
    const box = { left: c.x0 * cell, top: c.y0 * cell, right: (c.x1 + 1) * cell, bottom: (c.y1 + 1) * cell }
    const h = box.bottom - box.top
    const w = box.right - box.left
    // Text covers a fifth to a half of its box with ink; a logo or a filled shape most of it.
    const inkShare = c.ink / (w * h)
    if (h < 0.5 * lineHeight || h > 2.5 * lineHeight || w < 0.5 * lineHeight || inkShare > 0.6) continue
    const replaces = wordsBeside(box, words, 1.5 * lineHeight)
    for (const word of replaces) {
      box.left = Math.min(box.left, word.left)
      box.top = Math.min(box.top, word.top)
      box.right = Math.max(box.right, word.left + word.width)
      box.bottom = Math.max(box.bottom, word.top + word.height)
    }
    const padX = Math.round(0.6 * lineHeight)
    const padY = Math.round(0.4 * lineHeight)
    const left = Math.max(0, box.left - padX)
    const top = Math.max(0, box.top - padY)
    const right = Math.min(image.width, box.right + padX)
    const bottom = Math.min(image.height, box.bottom + padY)
    regions.push({ left, top, width: right - left, height: bottom - top, replaces, ink: c.ink })
  }
  return mergeOverlapping(regions)
    .sort((a, b) => b.ink - a.ink)
    .slice(0, options.maxRegions ?? 8)
    .sort((a, b) => a.top - b.top || a.left - b.left)
    .map(({ ink: _ink, ...region }) => region)
}

function coveredMask(image: GrayImage, words: readonly OcrWord[], pad: number): Uint8Array {
  const mask = new Uint8Array(image.width * image.height)
  for (const w of words) {
    const x0 = Math.max(0, Math.floor(w.left - pad))
    const x1 = Math.min(image.width, Math.ceil(w.left + w.width + pad))
    const y0 = Math.max(0, Math.floor(w.top - pad))
    const y1 = Math.min(image.height, Math.ceil(w.top + w.height + pad))
    for (let y = y0; y < y1; y++) mask.fill(1, y * image.width + x0, y * image.width + x1)
  }
  return mask
}

interface CellGrid {
  cols: number
  rows: number
  /** Uncovered ink pixels per cell; 0 where the cell is not counted as ink. */
  ink: Uint32Array
}

function inkCells(image: GrayImage, covered: Uint8Array, ink: number, cell: number): CellGrid {
  const cols = Math.ceil(image.width / cell)
  const rows = Math.ceil(image.height / cell)
  const counts = new Uint32Array(cols * rows)
  for (let y = 0; y < image.height; y++) {
    const row = Math.floor(y / cell) * cols
    for (let x = 0; x < image.width; x++) {
      const i = y * image.width + x
      if (image.pixels[i]! < ink && covered[i] === 0) counts[row + Math.floor(x / cell)]!++
    }
  }
  // A cell with a speck or two (JPEG ringing, grain on a dark photo) is not ink.
  const least = Math.max(2, Math.round(cell * cell * 0.08))
  for (let i = 0; i < counts.length; i++) if (counts[i]! < least) counts[i] = 0
  return { cols, rows, ink: counts }
}

interface Cluster {
  x0: number
  y0: number
  x1: number
  y1: number
  ink: number
}

/** Connected ink cells (8-neighbours), also joined along a row across at most `gap` empty cells. */
function clusterCells(grid: CellGrid, gap: number): Cluster[] {
  const { cols, rows, ink } = grid
  const parent = new Int32Array(cols * rows).map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  const join = (a: number, b: number) => {
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) parent[ra] = rb
  }
  for (let y = 0; y < rows; y++) {
    let last = -1
    for (let x = 0; x < cols; x++) {
      const i = y * cols + x
      if (ink[i] === 0) continue
      if (last >= 0 && x - last <= gap + 1) join(i, y * cols + last)
      last = x
      if (y === 0) continue
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx
        if (nx >= 0 && nx < cols && ink[(y - 1) * cols + nx] !== 0) join(i, (y - 1) * cols + nx)
      }
    }
  }
  const byRoot = new Map<number, Cluster>()
  for (let i = 0; i < ink.length; i++) {
    if (ink[i] === 0) continue
    const x = i % cols
    const y = Math.floor(i / cols)
    const root = find(i)
    const c = byRoot.get(root)
    if (!c) byRoot.set(root, { x0: x, y0: y, x1: x, y1: y, ink: ink[i]! })
    else {
      c.x0 = Math.min(c.x0, x)
      c.x1 = Math.max(c.x1, x)
      c.y0 = Math.min(c.y0, y)
      c.y1 = Math.max(c.y1, y)
      c.ink += ink[i]!
    }
  }
  return [...byRoot.values()]
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** First-pass words on the box's row (half their height shared) within `reach` of it, chained. */
function wordsBeside(box: Box, words: readonly OcrWord[], reach: number): OcrWord[] {
  const taken: OcrWord[] = []
  let span = { ...box }
  let grew = true
  while (grew) {
    grew = false
    for (const w of words) {
      if (taken.includes(w)) continue
      const overlap = Math.min(span.bottom, w.top + w.height) - Math.max(span.top, w.top)
      if (overlap < 0.5 * Math.min(w.height, span.bottom - span.top)) continue
      const gap = Math.max(w.left - span.right, span.left - (w.left + w.width))
      if (gap > reach) continue
      taken.push(w)
      span = {
        left: Math.min(span.left, w.left),
        top: span.top,
        right: Math.max(span.right, w.left + w.width),
        bottom: span.bottom,
      }
      grew = true
    }
  }
  return taken
}

function mergeOverlapping<T extends UnreadRegion & { ink: number }>(regions: T[]): T[] {
  const out: T[] = []
  for (const r of regions.sort((a, b) => a.left - b.left)) {
    const hit = out.find(
      (o) =>
        r.left < o.left + o.width &&
        o.left < r.left + r.width &&
        r.top < o.top + o.height &&
        o.top < r.top + r.height,
    )
    if (!hit) {
      out.push(r)
      continue
    }
    const right = Math.max(hit.left + hit.width, r.left + r.width)
    const bottom = Math.max(hit.top + hit.height, r.top + r.height)
    hit.left = Math.min(hit.left, r.left)
    hit.top = Math.min(hit.top, r.top)
    hit.width = right - hit.left
    hit.height = bottom - hit.top
    hit.replaces = [...new Set([...hit.replaces, ...r.replaces])]
    hit.ink += r.ink
  }
  return out
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

function percentile(pixels: Uint8Array, q: number): number {
  const histogram = new Uint32Array(256)
  for (const v of pixels) histogram[v]!++
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!
    if (seen >= q * pixels.length) return v
  }
  return 255
}
