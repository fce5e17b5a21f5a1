/**
 * Deterministic mutations of a valid file (seeded, so a failing input can be regenerated from its index):
 * bit flips, byte runs overwritten, chunks deleted, duplicated or moved, truncation, and splices of
 * PDF-significant tokens (lying /Length, huge numbers, deep nesting, filters) or picture header fields.
 */
export class Prng {
  private state: number
  constructor(seed: number) {
    // splitmix32 of the seed: neighbouring seeds (input indexes) start far apart.
    let z = (seed + 0x9e3779b9) >>> 0
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    this.state = (z ^ (z >>> 16)) >>> 0 || 0x9e3779b9
  }
  next(): number {
    // xorshift32
    let x = this.state
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.state = x >>> 0
    return this.state / 0x100000000
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T
  }
}

const enc = new TextEncoder()

const pdfTokens = [
  '/Length 99999999',
  '/Length -1',
  '/Filter /ASCII85Decode',
  '/Filter [/FlateDecode /FlateDecode /ASCIIHexDecode]',
  '/DecodeParms << /Predictor 15 /Columns 99999 >>',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '<<<<<<<<<<<<<<<<<<<<<<<<<<<<',
  '9999999999999999999999 0 R',
  '/Type /Page /MediaBox [0 0 1e308 1e308]',
  '/Encrypt << /Filter /Standard >>',
  'xref\n0 999999\n',
  'startxref\n-5\n%%EOF',
  '/Kids [1 0 R 1 0 R 1 0 R]',
  `stream\n${'z'.repeat(2000)}~>\nendstream`,
  '/Count 100000',
]

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts))
}

/** One to four mutations of `input`; PDFs also get token splices. */
export function mutate(input: Uint8Array, rng: Prng, kind: 'pdf' | 'image'): Uint8Array {
  let data = input
  const rounds = 1 + rng.int(4)
  for (let r = 0; r < rounds; r++) {
    const at = rng.int(Math.max(1, data.length))
    const op = rng.int(kind === 'pdf' ? 8 : 7)
    if (op === 0) {
      const copy = data.slice()
      for (let i = 0; i < 1 + rng.int(16); i++) copy[rng.int(copy.length)]! ^= 1 << rng.int(8)
      data = copy
    } else if (op === 1) {
      const copy = data.slice()
      const len = Math.min(copy.length - at, 1 + rng.int(64))
      copy.fill(rng.pick([0, 0xff, 0x41, 0x20]), at, at + len)
      data = copy
    } else if (op === 2) {
      data = concat(data.subarray(0, at), data.subarray(Math.min(data.length, at + 1 + rng.int(512))))
    } else if (op === 3) {
      const len = 1 + rng.int(2048)
      data = concat(data.subarray(0, at), data.subarray(at, at + len), data.subarray(at))
    } else if (op === 4) {
      data = data.subarray(0, at)
    } else if (op === 5) {
      // Header region: the first 64 bytes are where sizes and magic numbers live.
      const copy = data.slice()
      copy[rng.int(Math.min(64, copy.length))] = rng.int(256)
      data = copy
    } else if (op === 6) {
      const from = rng.int(Math.max(1, data.length))
      const len = 1 + rng.int(1024)
      data = concat(data.subarray(0, at), data.subarray(from, from + len), data.subarray(at))
    } else {
      data = concat(data.subarray(0, at), enc.encode(` ${rng.pick(pdfTokens)} `), data.subarray(at))
    }
  }
  return data
}
