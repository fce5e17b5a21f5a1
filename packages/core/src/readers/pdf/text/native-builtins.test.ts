import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildType0Pdf, codes } from '../../../testing/pdf/type0-font-pdf'
import { defaultPdfLimits } from '../../../vocabulary/pdf-model'
import { keepingNativeBuiltins } from './native-builtins'
import { getPdfJs } from './pdfjs-runtime'
import { readTextLayerWithPdfJs } from './read-with-pdfjs'

// Taken before anything in this file loads pdf.js.
const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify }

describe('keepingNativeBuiltins', () => {
  it('puts back a replaced native method and keeps an added one', async () => {
    const added = 'rvTestAddedMethod'
    try {
      await keepingNativeBuiltins(async () => {
        Array.prototype.push = function push() {
          return 0
        }
        Object.defineProperty(Array.prototype, added, { value: () => 1, configurable: true, writable: true })
      })
      expect(Array.prototype.push).toBe(natives.push)
      expect((Array.prototype as unknown as Record<string, unknown>)[added]).toBeTypeOf('function')
    } finally {
      Array.prototype.push = natives.push
      delete (Array.prototype as unknown as Record<string, unknown>)[added]
    }
  })

  it('puts back what was replaced when the load fails', async () => {
    await expect(
      keepingNativeBuiltins(async () => {
        JSON.parse = () => 'replaced'
        throw new Error('load failed')
      }),
    ).rejects.toThrow('load failed')
    expect(JSON.parse).toBe(natives.parse)
  })
})

describe('pdf.js loaded', () => {
  it('leaves the natives core-js would replace, keeps what it adds, and still reads a file', async () => {
    await getPdfJs()
    expect(Array.prototype.push).toBe(natives.push)
    expect(JSON.parse).toBe(natives.parse)
    expect(JSON.stringify).toBe(natives.stringify)
    // Added by core-js on Node 20 and used by pdf.js.
    expect((Promise as { withResolvers?: unknown }).withResolvers).toBeTypeOf('function')
    const program = new Uint8Array(
      readFileSync(
        fileURLToPath(new URL('../../../../../generator/fonts/LiberationSans-Regular.ttf', import.meta.url)),
      ),
    )
    const bytes = buildType0Pdf({ content: `BT /F1 9 Tf 30 200 Td ${codes([1, 2, 32, 3])} Tj ET`, program })
    const layer = await readTextLayerWithPdfJs(bytes, defaultPdfLimits)
    expect(layer.runs.map((r) => r.text)).toEqual(['AB C'])
  })
})
