/**
 * A picture (PNG or JPEG) as the HEIC an iPhone would send, through libheif's `heif-enc` with the x265
 * encoder (Debian `libheif-examples`, installed by scripts/install/ocr.sh). Test and benchmark data only:
 * the service decodes HEIC, it never encodes it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface HeicOptions {
  /** heif-enc's lossy quality 0–100 (default 50, its own default). */
  quality?: number
  /** 10: a 10-bit HEVC picture (as HDR iPhones write); the input must then be a 16-bit PNG. */
  bitDepth?: 8 | 10
}

/** Whether `heif-enc` is on the PATH with a HEVC encoder (tests that need it say so when it is not). */
export async function heicEncoderAvailable(): Promise<boolean> {
  try {
    const { stdout } = await run('heif-enc', ['--list-encoders'])
    return /HEIC encoders:\n- /.test(stdout)
  } catch {
    return false
  }
}

export async function encodeHeic(image: Uint8Array, options: HeicOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'rv-heic-'))
  try {
    const jpeg = image[0] === 0xff && image[1] === 0xd8
    const input = join(dir, jpeg ? 'in.jpg' : 'in.png')
    await writeFile(input, image)
    const depth = options.bitDepth === 10 ? ['-b', '10'] : []
    await run('heif-enc', ['-q', String(options.quality ?? 50), ...depth, '-o', join(dir, 'out.heic'), input])
    return await readFile(join(dir, 'out.heic'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
