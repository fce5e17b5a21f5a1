/**
 * `npm run bench:heic [-- --runs N] [--sizes photo,12mp,40mp]`
 *
 * Time and memory of decoding a HEIC (packages/ocr decode-heic.ts: libheif-js wasm in a worker per picture)
 * at the sizes that matter: a generated receipt photo as rendered (~1 MP), an iPhone's 12 MP (3024 × 4032)
 * and the pixel limit's 40 MP (7296 × 5472), each the same photo resized and encoded by `heif-enc`
 * (scripts/install/ocr.sh). Per size: median and max wall time of `decodeHeic` over N runs, the process's
 * peak RSS growth over the runs (the worker's wasm memory included: it lives in this process) and the RSS
 * before the decodes and once the workers are gone (`NODE_OPTIONS=--expose-gc` collects the decoded pixels first). Encoding a 40 MP picture takes x265 a minute on a loaded machine.
 */
import { parseArgs } from 'node:util'
import { encodeHeic, generateReceipt, renderReceiptImage } from '@rv/generator'
import { decodeHeic } from '@rv/ocr'
import sharp from 'sharp'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    sizes: { type: 'string', default: 'photo,12mp,40mp' },
  },
})
const runs = Number(values.runs)
const sizes: Record<string, [number, number] | null> = {
  photo: null,
  '12mp': [3024, 4032],
  '40mp': [7296, 5472],
}
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const peakRss = () => process.resourceUsage().maxRSS * 1024

const { pdf } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'bench-heic' })
const photo = await renderReceiptImage(pdf, 'photo', 'bench-heic')
console.log(`bench:heic — ${runs} decodes per size; started ${new Date().toISOString()}`)
// One small decode first: the wasm compiled once per process is not charged to the first size.
await decodeHeic(await encodeHeic(await sharp(photo.bytes).resize({ width: 64 }).png().toBuffer()))
for (const name of values.sizes.split(',')) {
  const size = sizes[name]
  if (size === undefined) throw new Error(`unknown size ${name}`)
  const png = await (size
    ? sharp(photo.bytes).resize({ width: size[0], height: size[1], fit: 'fill' })
    : sharp(photo.bytes)
  )
    .png({ compressionLevel: 1 })
    .toBuffer()
  const heic = await encodeHeic(png)
  ;(globalThis as { gc?: () => void }).gc?.()
  const rssBefore = process.memoryUsage().rss
  const before = peakRss()
  const times: number[] = []
  let pixels = ''
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const image = await decodeHeic(heic)
    times.push(performance.now() - started)
    pixels = `${image.width} x ${image.height}`
  }
  times.sort((a, b) => a - b)
  // With --expose-gc (NODE_OPTIONS), the decoded pixels are collected first: what stays is what leaked.
  ;(globalThis as { gc?: () => void }).gc?.()
  console.log(
    `  ${name.padEnd(6)} ${pixels.padEnd(12)} ${`${(heic.length / 1024).toFixed(0)} KB`.padStart(7)} HEIC: decode median ${times[Math.floor(runs / 2)]!.toFixed(0)} ms, ` +
      `max ${times.at(-1)!.toFixed(0)} ms; peak RSS +${mb(Math.max(0, peakRss() - before))}, RSS ${mb(rssBefore)} before the decodes, ${mb(process.memoryUsage().rss)} after`,
  )
}
