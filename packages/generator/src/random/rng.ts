/**
 * Seeded pseudo-random numbers (cyrb128 seed hash + sfc32). The generator never reads the clock or Math.random:
 * the same seed must give the same bytes.
 */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0]
}

export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: string) {
    ;[this.a, this.b, this.c, this.d] = cyrb128(seed)
    for (let i = 0; i < 12; i++) this.next()
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    let t = (this.a + this.b) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.d = (this.d + 1) | 0
    t = (t + this.d) | 0
    this.c = (this.c + t) | 0
    return (t >>> 0) / 4294967296
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String(this.int(0, 9))
    return s
  }

  chars(n: number, alphabet: string): string {
    let s = ''
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)]
    return s
  }

  bytes(n: number): Uint8Array {
    return Uint8Array.from({ length: n }, () => this.int(0, 255))
  }

  /** An independent stream derived from this one, so adding draws in one part does not shift another. */
  fork(label: string): Rng {
    return new Rng(`${label}:${this.int(0, 2 ** 31)}`)
  }
}
