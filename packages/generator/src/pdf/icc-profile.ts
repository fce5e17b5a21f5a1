/**
 * A minimal ICC v2 display profile with sRGB primaries (D50-adapted) and a 2.2 gamma, for PDF/A-style
 * OutputIntents. Built from the published colorimetry, not copied from any file.
 */
const s15 = (v: number): number[] => {
  const n = Math.round(v * 65536) >>> 0
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
}
const u32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0))

const xyz = (x: number, y: number, z: number): number[] => [
  ...ascii('XYZ '),
  0,
  0,
  0,
  0,
  ...s15(x),
  ...s15(y),
  ...s15(z),
]
const curve = (): number[] => [...ascii('curv'), 0, 0, 0, 0, ...u32(1), 0x02, 0x33]
const text = (s: string): number[] => [...ascii('text'), 0, 0, 0, 0, ...ascii(s), 0]
const desc = (s: string): number[] => [
  ...ascii('desc'),
  0,
  0,
  0,
  0,
  ...u32(s.length + 1),
  ...ascii(s),
  0,
  ...u32(0),
  ...u32(0),
  0,
  0,
  0,
  ...new Array<number>(67).fill(0),
]

export function srgbProfile(): Uint8Array {
  const tags: Array<[string, number[]]> = [
    ['desc', desc('sRGB IEC61966-2.1')],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyz(0.9642, 1, 0.8249)],
    ['rXYZ', xyz(0.4361, 0.2225, 0.0139)],
    ['gXYZ', xyz(0.3851, 0.7169, 0.0971)],
    ['bXYZ', xyz(0.1431, 0.0606, 0.7141)],
    ['rTRC', curve()],
    ['gTRC', curve()],
    ['bTRC', curve()],
  ]
  const tableLen = 4 + tags.length * 12
  let offset = 128 + tableLen
  const table: number[] = [...u32(tags.length)]
  const data: number[] = []
  for (const [sig, body] of tags) {
    while ((offset + data.length - (128 + tableLen)) % 4 !== 0 || (128 + tableLen + data.length) % 4 !== 0)
      data.push(0)
    const at = 128 + tableLen + data.length
    table.push(...ascii(sig), ...u32(at), ...u32(body.length))
    data.push(...body)
  }
  offset = 128 + tableLen + data.length
  const header = [
    ...u32(offset),
    ...ascii('none'),
    ...u32(0x02100000),
    ...ascii('mntr'),
    ...ascii('RGB '),
    ...ascii('XYZ '),
    ...new Array<number>(12).fill(0),
    ...ascii('acsp'),
    ...new Array<number>(24).fill(0),
    ...u32(0),
    ...s15(0.9642),
    ...s15(1),
    ...s15(0.8249),
    ...new Array<number>(48).fill(0),
  ]
  return Uint8Array.from([...header, ...table, ...data])
}
