import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { generateReceipt } from '../index'
import { encodeHeic, heicEncoderAvailable } from './encode-heic'
import { withHeifTransforms } from './heif-transforms'
import { renderReceiptImage, renderReceiptPhotoHeic } from './render-receipt-image'

const run = promisify(execFile)
// scripts/install/ocr.sh installs libheif-examples (heif-enc, heif-info, heif-convert); CI runs it.
const encoder = await heicEncoderAvailable()
if (!encoder) console.warn('HEIC generator tests skipped: heif-enc (libheif-examples) is not installed')

/** libheif's own command-line reading of a HEIF (an oracle independent of this repository's code). */
async function heifInfo(heif: Uint8Array): Promise<{ size: string; exif: boolean; decodes: boolean }> {
  const dir = await mkdtemp(join(tmpdir(), 'rv-heif-info-'))
  try {
    await writeFile(join(dir, 'in.heic'), heif)
    const { stdout } = await run('heif-info', [join(dir, 'in.heic')])
    const decodes = await run('heif-convert', [join(dir, 'in.heic'), join(dir, 'out.png')]).then(
      () => true,
      () => false,
    )
    return { size: /image: (\d+x\d+)/.exec(stdout)?.[1] ?? '', exif: /Exif: \d+ bytes/.test(stdout), decodes }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe.skipIf(!encoder)('HEIC test data', () => {
  it('renders the photo kind as HEIC: the same size as the JPEG photo, a HEIF libheif decodes', async () => {
    const { pdf } = generateReceipt({ family: 'alfa', variant: 'sbp', seed: 'heic-photo' })
    const jpeg = await renderReceiptImage(pdf, 'photo', 'heic-photo')
    const heic = await renderReceiptPhotoHeic(pdf, 'heic-photo')
    expect(heic).toMatchObject({ contentType: 'image/heic', width: jpeg.width, height: jpeg.height })
    expect(Buffer.from(heic.bytes.subarray(4, 12)).toString('latin1')).toBe('ftypheic')
    expect(await heifInfo(heic.bytes)).toMatchObject({ size: `${jpeg.width}x${jpeg.height}`, decodes: true })
  }, 60_000)

  it('splices irot/imir in: libheif shows the turned size, and the moved Exif and picture still read', async () => {
    const picture = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Apple' } })
      .toBuffer()
    const heic = await encodeHeic(picture)
    expect(await heifInfo(heic)).toEqual({ size: '64x32', exif: true, decodes: true })
    expect(await heifInfo(withHeifTransforms(heic, [{ irot: 1 }]))).toEqual({
      size: '32x64',
      exif: true,
      decodes: true,
    })
    expect(await heifInfo(withHeifTransforms(heic, [{ irot: 2 }, { imir: 1 }]))).toEqual({
      size: '64x32',
      exif: true,
      decodes: true,
    })
  }, 60_000)
})
