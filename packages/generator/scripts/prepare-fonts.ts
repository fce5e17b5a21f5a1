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

const dejavu = readSfnt(new Uint8Array(readFileSync(sources['DejaVuSans.ttf']!)))
const dejavuBold = readSfnt(new Uint8Array(readFileSync(sources['DejaVuSans-Bold.ttf']!)))

/** A simple glyph without its hinting instructions (they would call another font's functions). */
function stripInstructions(g: Uint8Array): Uint8Array {
  const contours = (g[0]! << 8) | g[1]!
  const at = 10 + contours * 2
  const len = (g[at]! << 8) | g[at + 1]!
  return Uint8Array.from([...g.subarray(0, at), 0, 0, ...g.subarray(at + 2 + len)])
}

const w16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff]

/**
 * Liberation has no ₽ (U+20BD): borrow DejaVu's outline, scaled horizontally to the font's digit width through a
 * composite glyph, so every stand-in font can print roubles.
 */
function borrowRuble(font: ReturnType<typeof readSfnt>, bold: boolean) {
  const donor = bold ? dejavuBold : dejavu
  const gid = donor.glyphId(0x20bd)
  const outline = stripInstructions(donor.glyphBytes(gid))
  const scale = font.advance(font.glyphId(0x30)) / donor.advance(donor.glyphId(0x30))
  const i16 = (o: number): number => {
    const v = (outline[o]! << 8) | outline[o + 1]!
    return v >= 0x8000 ? v - 0x10000 : v
  }
  const s = (v: number): number[] => w16(Math.round(v * scale) & 0xffff)
  return (first: number) => [
    { bytes: outline, advance: donor.advance(gid) },
    {
      bytes: Uint8Array.from([
        0xff,
        0xff,
        ...s(i16(2)),
        ...w16(i16(4) & 0xffff),
        ...s(i16(6)),
        ...w16(i16(8) & 0xffff),
        ...w16(0x0043),
        ...w16(first),
        0,
        0,
        0,
        0,
        ...w16(Math.round(scale * 0x4000)),
        ...w16(0x4000),
      ]),
      advance: Math.round(donor.advance(gid) * scale),
      code: 0x20bd,
    },
  ]
}

for (const [name, path] of Object.entries(sources)) {
  const font = readSfnt(new Uint8Array(readFileSync(path)))
  const pairs: Array<[number, number]> = []
  for (const c of repertoire) {
    const g = font.glyphId(c)
    if (g) pairs.push([c, g])
  }
  // U+2011 NON-BREAKING HYPHEN looks exactly like '-'; alias it where the font lacks it.
  if (!font.glyphId(0x2011) && font.glyphId(0x2d)) pairs.push([0x2011, font.glyphId(0x2d)])
  const extraGlyphs =
    name.startsWith('Liberation') && !font.glyphId(0x20bd)
      ? borrowRuble(font, name.includes('Bold'))
      : undefined
  const missing = repertoire
    .filter((c) => !pairs.some(([p]) => p === c) && !(extraGlyphs && c === 0x20bd))
    .map((c) => c.toString(16))
  const { bytes } = subsetFont(
    font,
    pairs.map(([, g]) => g),
    { mode: 'renumber', cmap: pairs, keepInfoTables: true, ...(extraGlyphs ? { extraGlyphs } : {}) },
  )
  writeFileSync(join(out, name), bytes)
  console.log(name, bytes.length, 'bytes; missing:', missing.join(' ') || 'none')
}
