import type { Rng } from '../random/rng'

/**
 * Small synthetic raster images (logos, stamps, footers) drawn from rectangles and rings. The banks' artwork is
 * not copied; only pixel sizes, colour model and placement follow the real files, because a structure check sees
 * those.
 */
export class Raster {
  readonly data: Uint8Array

  constructor(
    readonly width: number,
    readonly height: number,
    readonly channels: 1 | 3,
    background: number[],
  ) {
    this.data = new Uint8Array(width * height * channels)
    for (let i = 0; i < width * height; i++) this.data.set(background.slice(0, channels), i * channels)
  }

  private put(x: number, y: number, c: number[]): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return
    this.data.set(c.slice(0, this.channels), (y * this.width + x) * this.channels)
  }

  rect(x: number, y: number, w: number, h: number, c: number[]): this {
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++)
      for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) this.put(i, j, c)
    return this
  }

  /** A ring (or a disc when inner is 0) centred at cx, cy. */
  ring(cx: number, cy: number, outer: number, inner: number, c: number[]): this {
    for (let j = Math.floor(cy - outer); j <= cy + outer; j++)
      for (let i = Math.floor(cx - outer); i <= cx + outer; i++) {
        const d = Math.hypot(i - cx, j - cy)
        if (d <= outer && d >= inner) this.put(i, j, c)
      }
    return this
  }

  /**
   * Scanner-like speckle: a fraction `density` of pixels shifted by up to ±amp. Real stamps and footers are scans
   * or anti-aliased renders, so their streams compress far worse than flat synthetic shapes; this brings the
   * synthetic files' sizes into the real range.
   */
  speckle(rng: Rng, density: number, amp: number): this {
    for (let p = 0; p < this.width * this.height; p++) {
      if (rng.next() >= density) continue
      const d = rng.int(-amp, amp)
      for (let c = 0; c < this.channels; c++) {
        const i = p * this.channels + c
        this.data[i] = Math.max(0, Math.min(255, this.data[i]! + d))
      }
    }
    return this
  }

  frame(x: number, y: number, w: number, h: number, t: number, c: number[]): this {
    return this.rect(x, y, w, t, c)
      .rect(x, y + h - t, w, t, c)
      .rect(x, y, t, h, c)
      .rect(x + w - t, y, t, h, c)
  }
}

/** A raster compressed once, ready to be written as an image XObject. */
export interface PackedImage {
  width: number
  height: number
  channels: 1 | 3
  bytes: Uint8Array
}

export const pack = (r: Raster, compress: (d: Uint8Array) => Uint8Array): PackedImage => ({
  width: r.width,
  height: r.height,
  channels: r.channels,
  bytes: compress(r.data),
})
