/**
 * Random access to the objects of one file: the merged xref of all revisions (or the table rebuilt from
 * object headers), lazy object loading with a cache, object streams, and stream bodies with their filters.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import {
  type DecodeParms,
  decodeStream,
  type InflateBudget,
  readZlibHeader,
  type ZlibHeader,
} from './filters'
import { isKeyword, Lexer } from './lexer'
import { isDict, isRef, nameOf, numberOf, type PdfDict, type PdfValue } from './pdf-values'
import type { XrefEntry } from './xref'

export interface LoadedObject {
  num: number
  gen: number
  value: PdfValue
  /** Present when the object is a stream. */
  stream?: {
    raw: Uint8Array
    /** /Length did not match the bytes before `endstream`. */
    lengthMismatch: boolean
  }
  /** Number of the object stream holding it, when compressed. */
  inObjectStream?: number
}

export interface StreamData {
  filters: string[]
  parms: (DecodeParms | null)[]
  decoded: Uint8Array | null
  undecoded: string[]
  error: string | null
  zlib: ZlibHeader | null
}

const MAX_RESOLVE = 32

export class ObjectStore {
  private cache = new Map<number, LoadedObject | null>()
  private objStmCache = new Map<
    number,
    { first: number; offsets: number[]; nums: number[]; data: Uint8Array } | null
  >()
  private decodedCache = new Map<number, StreamData>()

  constructor(
    readonly bytes: Uint8Array,
    readonly text: string,
    readonly entries: Map<number, XrefEntry>,
    readonly budget: InflateBudget,
  ) {}

  get(num: number): LoadedObject | null {
    if (this.cache.has(num)) return this.cache.get(num)!
    this.cache.set(num, null) // guards self-referencing /Length and object streams
    const entry = this.entries.get(num)
    let loaded: LoadedObject | null = null
    if (entry?.type === 'offset') loaded = this.loadAt(entry.offset, num)
    else if (entry?.type === 'compressed') loaded = this.loadCompressed(num, entry.stream, entry.index)
    this.cache.set(num, loaded)
    return loaded
  }

  /** Follows references (bounded) to a direct value. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let v = value
    for (let i = 0; i < MAX_RESOLVE && isRef(v); i++) v = this.get(v.num)?.value ?? null
    return v
  }

  dict(value: PdfValue | undefined): PdfDict | null {
    const v = this.resolve(value)
    return isDict(v) ? v : null
  }

  private loadAt(offset: number, expectNum: number): LoadedObject | null {
    const lexer = new Lexer(this.bytes, offset)
    const num = lexer.next()
    const gen = lexer.next()
    const kw = lexer.next()
    if (typeof num !== 'number' || typeof gen !== 'number' || !isKeyword(kw) || kw.keyword !== 'obj')
      return null
    if (num !== expectNum) return null
    const value = lexer.value()
    const save = lexer.pos
    const next = lexer.next()
    if (!isDict(value) || !isKeyword(next) || next.keyword !== 'stream') {
      lexer.pos = save
      return { num, gen, value }
    }
    let start = lexer.pos
    if (this.bytes[start] === 0x0d) start++
    if (this.bytes[start] === 0x0a) start++
    const declared = numberOf(this.resolve(value.map.get('Length')))
    let end = -1
    let lengthMismatch = false
    if (declared !== null && declared >= 0 && start + declared <= this.bytes.length) {
      const tail = this.text.slice(start + declared, start + declared + 32)
      if (/^\s*endstream/.test(tail)) end = start + declared
    }
    if (end < 0) {
      lengthMismatch = true
      const es = this.text.indexOf('endstream', start)
      end = es < 0 ? this.bytes.length : es
      if (this.bytes[end - 1] === 0x0a) end--
      if (this.bytes[end - 1] === 0x0d) end--
    }
    return { num, gen, value, stream: { raw: this.bytes.subarray(start, end), lengthMismatch } }
  }

  private loadCompressed(num: number, streamNum: number, index: number): LoadedObject | null {
    let objStm = this.objStmCache.get(streamNum)
    if (objStm === undefined) {
      objStm = null
      const data = this.streamData(streamNum)?.decoded
      const dict = this.get(streamNum)?.value
      if (data && isDict(dict)) {
        const n = numberOf(dict.map.get('N')) ?? 0
        const first = numberOf(dict.map.get('First')) ?? 0
        const lexer = new Lexer(data, 0)
        const nums: number[] = []
        const offsets: number[] = []
        for (let i = 0; i < n && i < 100_000; i++) {
          nums.push(Number(lexer.value()))
          offsets.push(Number(lexer.value()))
        }
        objStm = { first, offsets, nums, data }
      }
      this.objStmCache.set(streamNum, objStm)
    }
    if (!objStm || objStm.nums[index] !== num) return null
    const lexer = new Lexer(objStm.data, objStm.first + objStm.offsets[index]!)
    return { num, gen: 0, value: lexer.value(), inObjectStream: streamNum }
  }

  /** Decodes a stream object's body once; cached. */
  streamData(num: number): StreamData | null {
    const cached = this.decodedCache.get(num)
    if (cached) return cached
    const obj = this.get(num)
    if (!obj?.stream || !isDict(obj.value)) return null
    const data = this.decode(obj.value, obj.stream.raw)
    this.decodedCache.set(num, data)
    return data
  }

  /** The decoded stream when something already needed it (page content, fonts, CMaps, XMP), else null. */
  decodedIfLoaded(num: number): StreamData | null {
    return this.decodedCache.get(num) ?? null
  }

  /** Filters and zlib header without inflating the body (images are large and never needed decoded). */
  describe(num: number): StreamData | null {
    const obj = this.get(num)
    if (!obj?.stream || !isDict(obj.value)) return null
    return this.decode(obj.value, obj.stream.raw, true)
  }

  decode(dict: PdfDict, raw: Uint8Array, skipBody = false): StreamData {
    const filterValue = this.resolve(dict.map.get('Filter'))
    const filters = (Array.isArray(filterValue) ? filterValue : [filterValue])
      .map((f) => nameOf(this.resolve(f)))
      .filter((f): f is string => f !== null)
    const parmsValue = this.resolve(dict.map.get('DecodeParms'))
    const parmList = Array.isArray(parmsValue) ? parmsValue : [parmsValue]
    const parms = filters.map((_, i) => {
      const p = this.dict(parmList[i])
      if (!p) return null
      return {
        predictor: numberOf(p.map.get('Predictor')) ?? undefined,
        columns: numberOf(p.map.get('Columns')) ?? undefined,
        colors: numberOf(p.map.get('Colors')) ?? undefined,
        bitsPerComponent: numberOf(p.map.get('BitsPerComponent')) ?? undefined,
      }
    })
    const outcome = skipBody
      ? { bytes: null, undecoded: filters, error: null }
      : decodeStream(raw, filters, parms, this.budget)
    const zlib = filters[0] === 'FlateDecode' ? readZlibHeader(raw) : null
    return {
      filters,
      parms,
      decoded: outcome.bytes,
      undecoded: outcome.undecoded,
      error: outcome.error,
      zlib,
    }
  }
}

export function assertObjectCount(count: number, maxObjects: number): void {
  if (count > maxObjects)
    throw new CheckError('pdf_too_complex', `The PDF has more than ${maxObjects} objects.`)
}
