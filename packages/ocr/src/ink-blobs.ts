/**
 * The blobs of ink inside one word's box: the box's grey levels cut halfway between its ink (2nd
 * percentile) and its paper (90th), then 8-connected components, specks of under 3 pixels dropped.
 * Coordinates are relative to the box's top-left pixel. Null when the box is too small or holds no
 * contrast (less than 40 levels between ink and paper). Used to count glyphs OCR misread: the asterisks of
 * a mask (find-mask-stars.ts) and the strokes of a number (find-glyph-columns.ts).
 */
import type { GrayImage } from './find-unread-ink'

export interface Blob {
  left: number
  right: number
  top: number
  bottom: number
  pixels: number
}

export interface Box {
  left: number
  top: number
  width: number
  height: number
}

export function inkBlobs(image: GrayImage, box: Box): Blob[] | null {
  const x0 = Math.max(0, Math.floor(box.left))
  const y0 = Math.max(0, Math.floor(box.top))
  const x1 = Math.min(image.width, Math.ceil(box.left + box.width))
  const y1 = Math.min(image.height, Math.ceil(box.top + box.height))
  const w = x1 - x0
  const h = y1 - y0
  if (w < 4 || h < 6) return null
  const values: number[] = []
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(image.pixels[y * image.width + x]!)
  const sorted = [...values].sort((a, b) => a - b)
  const dark = sorted[Math.floor(0.02 * sorted.length)]!
  const paper = sorted[Math.floor(0.9 * sorted.length)]!
  if (paper - dark < 40) return null
  const threshold = (dark + paper) / 2
  return components(
    values.map((v) => v < threshold),
    w,
    h,
  )
}

/** 8-connected blobs of ink. */
function components(ink: readonly boolean[], w: number, h: number): Blob[] {
  const label = new Int32Array(w * h).fill(-1)
  const blobs: Blob[] = []
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start]! >= 0) continue
    const blob: Blob = { left: w, right: 0, top: h, bottom: 0, pixels: 0 }
    const stack = [start]
    label[start] = blobs.length
    while (stack.length > 0) {
      const i = stack.pop()!
      const x = i % w
      const y = (i - x) / w
      blob.left = Math.min(blob.left, x)
      blob.right = Math.max(blob.right, x)
      blob.top = Math.min(blob.top, y)
      blob.bottom = Math.max(blob.bottom, y)
      blob.pixels++
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue
          const j = ny * w + nx
          if (ink[j] && label[j]! < 0) {
            label[j] = blobs.length
            stack.push(j)
          }
        }
      }
    }
    // Specks of noise are not glyphs.
    if (blob.pixels >= 3) blobs.push(blob)
  }
  return blobs
}
