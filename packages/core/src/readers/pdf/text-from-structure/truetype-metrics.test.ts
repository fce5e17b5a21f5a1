import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readTrueTypeMetrics } from './truetype-metrics'

const font = new Uint8Array(
  readFileSync(
    fileURLToPath(new URL('../../../../../generator/fonts/LiberationSans-Regular.ttf', import.meta.url)),
  ),
)

describe('readTrueTypeMetrics', () => {
  it('reads hhea ascent and head unitsPerEm of a glyf TrueType program', () => {
    const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
    const metrics = readTrueTypeMetrics(font)
    expect(metrics).not.toBeNull()
    expect(metrics!.unitsPerEm).toBe(2048)
    expect(metrics!.ascent).toBeGreaterThan(1500)
    expect(metrics!.ascent).toBeLessThan(2048)
    expect(view.getUint32(0)).toBe(0x00010000)
  })

  it('refuses what pdf.js would convert or rebuild: CFF flavour, missing tables, truncated data', () => {
    const otto = font.slice()
    otto.set([0x4f, 0x54, 0x54, 0x4f], 0)
    expect(readTrueTypeMetrics(otto)).toBeNull()
    expect(readTrueTypeMetrics(font.subarray(0, 40))).toBeNull()
    expect(readTrueTypeMetrics(new Uint8Array(8))).toBeNull()
    const noHhea = font.slice()
    const numTables = new DataView(noHhea.buffer).getUint16(4)
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16
      if (String.fromCharCode(...noHhea.subarray(at, at + 4)) === 'hhea')
        noHhea.set([0x78, 0x78, 0x78, 0x78], at)
    }
    expect(readTrueTypeMetrics(noHhea)).toBeNull()
  })
})
