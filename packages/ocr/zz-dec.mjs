import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
const require = createRequire(import.meta.url)
let t = performance.now()
const lib = require('libheif-js/libheif-wasm/libheif.js')({ wasmBinary: readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')) })
await lib.ready
console.log('init ms', (performance.now() - t).toFixed(0), 'rss MB', (process.memoryUsage().rss/2**20).toFixed(0))
for (const f of process.argv.slice(2)) {
  const buf = readFileSync(f)
  for (let k = 0; k < 3; k++) {
  t = performance.now()
  const d = new lib.HeifDecoder()
  const im = d.decode(buf)[0]
  const w = im.get_width(), h = im.get_height()
  const out = await new Promise((res) => im.display({ data: new Uint8ClampedArray(w * h * 4), width: w, height: h }, res))
  im.free(); lib.heif_context_free(d.decoder)
  console.log(f, w, h, 'ms', (performance.now() - t).toFixed(0), 'wasm MB', lib.HEAPU8.length/2**20, 'rss MB', (process.memoryUsage().rss/2**20).toFixed(0))
  }
}
