/**
 * One-off: trims free system fonts (Debian fonts-dejavu-core, fonts-liberation2, fonts-liberation,
 * fonts-crosextra-carlito) to the characters receipts use and writes them to packages/generator/fonts/, so the
 * generator never depends on what a machine has installed and its output bytes stay stable.
 * Run: npx tsx packages/generator/scripts/prepare-fonts.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readSfnt } from '../src/font/sfnt-reader'
import { subsetFont } from '../src/font/sfnt-subset'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'fonts')
const sources: Record<string, string> = {
  'DejaVuSans.ttf': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  'DejaVuSansCondensed.ttf': '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf',
  'LiberationSans-Regular.ttf': '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  'LiberationSans-Bold.ttf': '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  'LiberationSerif-Bold.ttf': '/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf',
  'LiberationSansNarrow-Regular.ttf': '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf',
  'Carlito-Regular.ttf': '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf',
}
const repertoire: number[] = []
for (let c = 0x20; c <= 0x7e; c++) repertoire.push(c)
for (let c = 0x400; c <= 0x45f; c++) repertoire.push(c)
repertoire.push(0xa0, 0xab, 0xbb, 0xb0, 0xd7, 0x2011, 0x2013, 0x2014, 0x2116, 0x20bd, 0x58f, 0x2022, 0x2026)

for (const [name, path] of Object.entries(sources)) {
  const font = readSfnt(new Uint8Array(readFileSync(path)))
  const pairs: Array<[number, number]> = []
  for (const c of repertoire) {
    const g = font.glyphId(c)
    if (g) pairs.push([c, g])
  }
  const missing = repertoire.filter((c) => !font.glyphId(c)).map((c) => c.toString(16))
  const { bytes } = subsetFont(
    font,
    pairs.map(([, g]) => g),
    { mode: 'renumber', cmap: pairs, keepInfoTables: true },
  )
  writeFileSync(join(out, name), bytes)
  console.log(name, bytes.length, 'bytes; missing:', missing.join(' ') || 'none')
}
