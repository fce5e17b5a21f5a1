/**
 * A receipt PDF as the picture a payer would send instead, deterministic from a seed:
 * - `clean`: the page rendered at 150 DPI, PNG (what a PDF viewer's export gives);
 * - `screenshot`: the page cropped to its content with a ragged margin and rescaled to a phone-like width
 *   (0.8–1.3× of the 150 DPI render), PNG;
 * - `photo`: rendered at 200 DPI, turned by a small angle (0.4–2°, either way), slightly blurred, grain
 *   added, a little darker, saved as JPEG at quality 60–80 (no perspective: a flat phone shot).
 * Rendering is poppler's `pdftoppm` (scripts/install/forgery-tools.sh installs it); the changes are sharp's.
 * The ground truth of the picture is the PDF's: the same fields.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp, { type Sharp } from 'sharp'
import { Rng } from '../random/rng'
import { encodeHeic } from './encode-heic'

export const imageKinds = ['clean', 'screenshot', 'photo'] as const
export type ImageKind = (typeof imageKinds)[number]

export interface ReceiptImage {
  kind: ImageKind
  bytes: Buffer
  /** `image/png`, `image/jpeg` or (renderReceiptPhotoHeic) `image/heic`. */
  contentType: string
  width: number
  height: number
}

const run = promisify(execFile)

/** The first page of a PDF as a PNG at `dpi`, through pdftoppm. */
export async function renderPdfPage(pdf: Uint8Array, dpi: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'rv-render-'))
  try {
    await writeFile(join(dir, 'in.pdf'), pdf)
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ])
    return await readFile(join(dir, 'out.png'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function renderReceiptImage(
  pdf: Uint8Array,
  kind: ImageKind,
  seed: string,
): Promise<ReceiptImage> {
  const rng = new Rng(`image/${kind}/${seed}`)
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng.next()
  if (kind === 'clean') return finish(kind, await renderPdfPage(pdf, 150), 'image/png')
  if (kind === 'screenshot') {
    const page = await renderPdfPage(pdf, 150)
    const trimmed = await sharp(page)
      .trim({ background: '#ffffff', threshold: 10 })
      .toBuffer({ resolveWithObject: true })
    const pad = () => Math.round(between(4, 40))
    const framed = await sharp(trimmed.data)
      .extend({ top: pad(), bottom: pad(), left: pad(), right: pad(), background: '#ffffff' })
      .toBuffer({ resolveWithObject: true })
    const width = Math.round(framed.info.width * between(0.8, 1.3))
    return finish(kind, await sharp(framed.data).resize({ width }).png().toBuffer(), 'image/png')
  }
  const { pixels, quality } = await photoPixels(pdf, rng)
  return finish(kind, await pixels.jpeg({ quality }).toBuffer(), 'image/jpeg')
}

/**
 * The `photo` of a receipt as an iPhone would send it: the same pixels as `renderReceiptImage(pdf, 'photo',
 * seed)` (same seed, same tilt, blur and grain), encoded as HEIC by `heif-enc` (x265, `quality`, default 50:
 * heif-enc's own) instead of JPEG — so the two kinds differ by their codec alone.
 */
export async function renderReceiptPhotoHeic(
  pdf: Uint8Array,
  seed: string,
  quality = 50,
): Promise<ReceiptImage> {
  const { pixels } = await photoPixels(pdf, new Rng(`image/photo/${seed}`))
  const heic = await encodeHeic(await pixels.png({ compressionLevel: 1 }).toBuffer(), { quality })
  const { width = 0, height = 0 } = await pixels.metadata()
  return { kind: 'photo', bytes: heic, contentType: 'image/heic', width, height }
}

/** The photo's pixels (uncompressed) and the JPEG quality drawn for it; draws from `rng` in a fixed order. */
async function photoPixels(pdf: Uint8Array, rng: Rng): Promise<{ pixels: Sharp; quality: number }> {
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng.next()
  const page = await renderPdfPage(pdf, 200)
  const angle = between(0.4, 2) * (rng.next() < 0.5 ? -1 : 1)
  const rotated = await sharp(page)
    .rotate(angle, { background: '#ffffff' })
    .blur(between(0.5, 0.9))
    .linear(between(0.85, 0.95), between(0, 12))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = rotated.info
  const pixels = rotated.data
  // Sensor grain: a seeded offset per pixel (same on every channel), ±12 levels.
  for (let p = 0; p < width * height; p++) {
    const noise = Math.round((rng.next() + rng.next() - 1) * 12)
    for (let c = 0; c < channels; c++) {
      const i = p * channels + c
      pixels[i] = Math.max(0, Math.min(255, pixels[i]! + noise))
    }
  }
  const quality = Math.round(between(60, 80))
  return { pixels: sharp(pixels, { raw: { width, height, channels } }), quality }
}

async function finish(kind: ImageKind, bytes: Buffer, contentType: string): Promise<ReceiptImage> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata()
  return { kind, bytes, contentType, width, height }
}
