/**
 * The family's layout at the picture's scale: a render or full-page screenshot of a bank's receipt keeps
 * the page's proportions, so each label's left edge, as a fraction of the page width, must sit on one of
 * the family's text columns (fingerprint `layout.left` / `numeric.pageWidth`, learned from the PDFs). It
 * runs only when the picture has the page's aspect ratio (a bank app's own screen, a crop or a photo has
 * another layout and earns no claim either way) and reads the positions extraction put in the facts
 * (`label.<field>.x`, `page_width`, `page_height`, in the picture's own units). Soft: OCR boxes are looser
 * than a PDF's text positions.
 */
import type { CheckResult } from '@rv/schemas'
import type { Fingerprint } from '../fingerprint/fingerprint'
import { fingerprints } from '../fingerprint/fingerprints'

/** Tolerance on a left edge, as a fraction of the page width (about 4 px on a 281 pt page drawn 375 px wide). */
const columnTolerance = 0.012
/** Tolerance on the aspect ratio beyond the family's range of page heights. */
const aspectTolerance = 0.03

type Facts = Readonly<Record<string, string | number | boolean | null>>

export function layoutProportionCheck(
  family: string,
  facts: Facts,
  registry: Readonly<Record<string, Fingerprint>> = fingerprints,
): CheckResult | null {
  const fingerprint = registry[family.split('/')[0] ?? '']
  const width = facts['page_width']
  const height = facts['page_height']
  const pageWidth = fingerprint?.numeric['pageWidth']
  const pageHeight = fingerprint?.numeric['pageHeight']
  if (!fingerprint || !pageWidth || !pageHeight || typeof width !== 'number' || typeof height !== 'number')
    return null
  const columns = fingerprint.layout.left
  if (columns.length === 0 || width <= 0) return null
  const aspect = height / width
  const minAspect = (pageHeight.min / pageWidth.max) * (1 - aspectTolerance)
  const maxAspect = (pageHeight.max / pageWidth.min) * (1 + aspectTolerance)
  if (aspect < minAspect || aspect > maxAspect) return null
  const typicalWidth = (pageWidth.min + pageWidth.max) / 2
  const expected = columns.map((x) => x / typicalWidth)
  const labels = Object.entries(facts).filter(
    (e): e is [string, number] => /^label\.[a-z_]+\.x$/.test(e[0]) && typeof e[1] === 'number',
  )
  if (labels.length === 0) return null
  const off = labels.filter(([, x]) => !expected.some((e) => Math.abs(x / width - e) <= columnTolerance))
  const fmt = (n: number) => n.toFixed(3)
  return {
    name: 'image.layout_proportions',
    hard: false,
    passed: off.length === 0,
    detail:
      off.length === 0
        ? `${labels.length} label(s) on the family's columns (${expected.map(fmt).join(', ')} of the width)`
        : `label(s) off the family's columns (${expected.map(fmt).join(', ')} of the width ± ${columnTolerance}): ${off
            .map(([k, x]) => `${k.slice(6, -2)} at ${fmt(x / width)}`)
            .join(', ')}`,
  }
}
