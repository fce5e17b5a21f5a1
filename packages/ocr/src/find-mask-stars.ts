/**
 * The run of `*` in a masked name word (Alfa prints a client's surname as `Куз****а`), counted from the
 * pixels rather than from OCR's text: tesseract reads a run of small asterisks with one too many or too
 * few, or one of them as a letter or a `+`. An asterisk is drawn high — from the cap line down to about
 * half the capital's height — and a letter reaches the baseline, so in the word's box the asterisks are
 * the blobs of ink that stay in its upper part. Their count is the run's width over the asterisk's
 * advance (measured between the blobs, or the font's metric when there is one blob), so asterisks
 * blurred together on a photo are still counted; the letters before and after the run are the blobs that
 * reach the lower part (core's `maskWord` keeps that many of OCR's letters on each side).
 */
import type { MaskGlyphs } from '@rv/core'
import type { GrayImage } from './find-unread-ink'
import { type Blob, type Box, inkBlobs } from './ink-blobs'

/** The asterisk's advance over the capital's height in Tahoma, Alfa's font (546 / 727 units). */
const starAdvancePerCap = 546 / 727
/**
 * Where in the word's band an asterisk ends and a letter begins to end: asterisks end at most 0.61 of the
 * band down, letters at least 0.71 (a descender `р` deepens the band), measured on the development pictures
 * (docs/extraction.md); a word photographed askew moves its last glyphs down by a pixel or two, so the cut
 * lies halfway between, not at the asterisks' edge.
 */
const starBottomCut = 0.66

export function findMaskStars(image: GrayImage, box: Box): MaskGlyphs | null {
  const blobs = inkBlobs(image, box)
  if (!blobs || blobs.length === 0) return null
  // The ink's own band (tesseract's box may be a pixel or two loose).
  const top = Math.min(...blobs.map((b) => b.top))
  const bottom = Math.max(...blobs.map((b) => b.bottom))
  const band = bottom - top + 1
  // An asterisk (or a run of them blurred into one): in the upper part, at least about as wide as tall
  // (a quote is much narrower), a quarter of the band tall (an accent or a dot is flatter).
  const starLike = (b: Blob) => {
    const width = b.right - b.left + 1
    const height = b.bottom - b.top + 1
    return b.bottom < top + starBottomCut * band && height >= 0.25 * band && width >= 0.6 * height
  }
  const stars = blobs.filter(starLike)
  if (stars.length === 0) return null
  const runLeft = Math.min(...stars.map((b) => b.left))
  const runRight = Math.max(...stars.map((b) => b.right))
  // Letters: blobs reaching the lower part, wholly on one side of the run (a dot or breve is not one).
  const letters = blobs.filter(
    (b) => b.bottom >= top + starBottomCut * band && b.bottom - b.top + 1 >= 0.4 * band,
  )
  if (letters.some((b) => b.right > runLeft && b.left < runRight)) return null
  // The advance: measured between neighbouring asterisks when they stand apart (most do, even on a photo:
  // the median is not moved by a pair blurred into one), else the font's metric from the letters' height.
  const lefts = stars.map((b) => b.left).sort((a, b) => a - b)
  const pitches = lefts.slice(1).map((left, i) => left - lefts[i]!)
  const capHeight = Math.max(0, ...letters.map((b) => b.bottom - b.top + 1))
  const advance = pitches.length > 0 ? quantile(pitches, 0.5) : starAdvancePerCap * (capHeight || band)
  // One asterisk's ink: the narrowest blob, but never more than an advance (a run blurred into one).
  const ink = Math.min(advance * 0.8, ...stars.map((b) => b.right - b.left + 1))
  // n asterisks span n − 1 advances plus one asterisk's ink.
  const count = Math.max(1, Math.round((runRight - runLeft + 1 - ink) / advance) + 1)
  return {
    before: letters.filter((b) => b.right <= runLeft).length,
    stars: count,
    after: letters.filter((b) => b.left >= runRight).length,
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0
}
