/** Test helper: a text segment of fake text, 5 pt per character, at a page position. */
import type { TextSegment } from '../../stages/authenticity/features/text-segments'

export function seg(text: string, x0: number, baseline: number, size = 11): TextSegment {
  return { text, x0, x1: x0 + text.length * 5, baseline, size, fontName: 'F', fill: '0', runs: [] }
}
