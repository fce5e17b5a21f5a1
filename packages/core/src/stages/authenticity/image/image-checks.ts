/**
 * What a picture's bytes and its reading can show (docs/authenticity.md, "Images"). Cheap and pure:
 * metadata traces of editing software, a modification long after capture, data hidden after the picture,
 * JPEG quantisation tables redefined inconsistently, and the SBP id's encoded time against the printed time.
 * Pixel-level signs (resampling, fonts, double-compression histograms) are not read here.
 */
import type { CheckResult, ReceiptFields } from '@rv/schemas'
import { decodeSbpIdTime, isSbpId } from '../../../vocabulary/text/decode-sbp-id'
import { moscowOffsetSeconds } from '../../../vocabulary/time/moscow-time'
import { defaultSbpIdWindows } from '../../extraction/resolve-paid-at'
import { families } from '../../families/index'
import type { ImageMetadata } from './image-metadata'

/** Programs that edit pictures (not cameras, phones' screenshot tools or OS encoders). */
const editors =
  /photoshop|gimp|snapseed|canva|pixlr|lightroom|affinity|paint\.net|picsart|facetune|fotor|photopea|krita|inkscape|illustrator|coreldraw|corel photo|polarr|vsco|meitu|pixelmator|picmonkey|befunky|photoscape|faceapp|lightx|remini/i

export function editingSoftwareCheck(meta: ImageMetadata): CheckResult {
  const traces = meta.software.filter((s) => editors.test(s))
  if (meta.photoshopResources) traces.push('Photoshop resource block (APP13)')
  return {
    name: 'image.editing_software',
    hard: false,
    passed: traces.length === 0,
    detail:
      traces.length === 0
        ? `no editing software named in the metadata (${meta.software.length} software entries)`
        : `metadata names editing software: ${[...new Set(traces)].join('; ')}`,
  }
}

function exifInstant(text: string | null): number | null {
  const m = text ? /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text) : null
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/** A phone writes capture and modification time together; an editor rewrites the latter on save. */
export function modifiedAfterCaptureCheck(meta: ImageMetadata): CheckResult | null {
  const captured = exifInstant(meta.capturedAt)
  const modified = exifInstant(meta.modifiedAt)
  if (captured === null || modified === null) return null
  const seconds = (modified - captured) / 1000
  return {
    name: 'image.modified_after_capture',
    hard: false,
    passed: seconds <= 60,
    detail: `EXIF modification time is ${seconds} s after capture (a phone writes both at once; > 60 s means saved again)`,
  }
}

/** Bytes after the picture's end. Samsung cameras append a trailer to JPEGs, so a camera JPEG is exempt. */
export function trailingDataCheck(meta: ImageMetadata): CheckResult | null {
  if (meta.container === 'jpeg' && meta.make !== null) return null
  return {
    name: 'image.trailing_data',
    hard: false,
    passed: meta.trailingBytes === 0,
    detail: `${meta.trailingBytes} bytes after the end of the ${meta.container.toUpperCase()} picture`,
  }
}

/** The IJG (libjpeg) quality whose scaled standard luminance table is closest to this one, 1..100. */
const ijgLuma = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58,
  51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103,
  62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
] // zig-zag order, as stored in DQT

export function estimateJpegQuality(luma: readonly number[]): { quality: number; exact: boolean } {
  let best = { quality: 50, error: Number.POSITIVE_INFINITY }
  for (let q = 1; q <= 100; q++) {
    const scale = q < 50 ? 5000 / q : 200 - 2 * q
    let error = 0
    for (let i = 0; i < 64; i++) {
      const expected = Math.min(255, Math.max(1, Math.floor((ijgLuma[i]! * scale + 50) / 100)))
      error += Math.abs(expected - (luma[i] ?? 0))
    }
    if (error < best.error) best = { quality: q, error }
  }
  return { quality: best.quality, exact: best.error === 0 }
}

/**
 * One encoder writes each table once. The same table id defined twice with different values is what a
 * tool that splices or re-encodes part of a file leaves; the estimated quality is reported either way.
 */
export function quantisationCheck(meta: ImageMetadata): CheckResult | null {
  if (meta.container !== 'jpeg' || meta.quantTables.length === 0) return null
  const byId = new Map<number, string>()
  let conflicting = false
  for (const t of meta.quantTables) {
    const key = t.values.join(',')
    if (byId.has(t.id) && byId.get(t.id) !== key) conflicting = true
    byId.set(t.id, key)
  }
  const luma = meta.quantTables.find((t) => t.id === 0) ?? meta.quantTables[0]!
  const { quality, exact } = estimateJpegQuality(luma.values)
  return {
    name: 'image.jpeg_quantisation',
    hard: false,
    passed: !conflicting,
    detail: `${conflicting ? 'a quantisation table is redefined with other values; ' : ''}luminance table ${exact ? 'is' : 'is closest to'} IJG quality ${quality}`,
  }
}

function sbpWindow(family: string, precision: 'second' | 'minute'): readonly [number, number] {
  const definition = families.find((f) => f.family === family.split('/')[0])
  return definition?.time.sbpIdWindow ?? defaultSbpIdWindows[precision]
}

/**
 * The SBP id encodes the operation's UTC time; the printed Moscow time must agree within the family's
 * window. Hard when the printed time was read from the picture's text (`facts.printed_time_msk`): a
 * picture is where a time is easiest to retype. Soft when the time came only from a model's reading.
 */
export function sbpIdTimeCheck(
  family: string,
  fields: Pick<ReceiptFields, 'receipt_number' | 'paid_at' | 'paid_at_source'>,
  facts: Readonly<Record<string, string | number | boolean | null>>,
): CheckResult | null {
  const id = typeof facts['sbp_id'] === 'string' ? facts['sbp_id'] : fields.receipt_number
  if (!id || !isSbpId(id)) return null
  const printedMsk = typeof facts['printed_time_msk'] === 'string' ? facts['printed_time_msk'] : null
  let printedMs: number
  let precision: 'second' | 'minute'
  let hard: boolean
  if (printedMsk !== null) {
    printedMs = Date.parse(`${printedMsk}Z`) - moscowOffsetSeconds * 1000
    precision = printedMsk.length > 16 ? 'second' : 'minute'
    hard = true
  } else if (
    fields.paid_at !== null &&
    (fields.paid_at_source === 'printed' || fields.paid_at_source === 'model')
  ) {
    printedMs = Date.parse(fields.paid_at)
    precision = 'minute'
    hard = false
  } else return null
  const idMs = decodeSbpIdTime(id, printedMs)
  const [min, max] = sbpWindow(family, precision)
  const delta = idMs === null ? null : (idMs - printedMs) / 1000
  const passed = delta !== null && delta >= min && delta <= max
  return {
    name: 'image.sbp_id_time',
    hard,
    passed,
    detail:
      delta === null
        ? 'the SBP id encodes no time near the printed one'
        : `SBP id time minus printed time: ${delta} s (expected ${min}…${max} s, printed to the ${precision})`,
  }
}
