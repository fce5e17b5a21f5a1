/**
 * The measurable facts of one document that fingerprints are learned from and checked against. Only
 * structural facts: no text, no values. Producer/creator strings are software names, and other Info
 * values are reduced to their shape (digits → 9, letters → a/A).
 */
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { categoricalFacts, memberFacts, numericFacts } from './feature-groups'
import { type FontProgramFacts, fontProgramFacts } from './font-program-checks'
import { fontUsage } from './glyph-usage'
import { drawPage, type PageDrawing } from './page-drawing'
import { type TextPosition, textPositions } from './position-grid'
import { buildSegments, type TextSegment } from './text-segments'

export { typeDigitRuns, valueShape } from './value-shape'

export interface DocumentFeatures {
  /** Categorical facts: each is compared as a whole value against the learned set. */
  categorical: Record<string, string>
  /** Multi-valued facts: every member must be in the learned set. */
  members: Record<string, string[]>
  /** Numeric facts: compared against a learned envelope. */
  numeric: Record<string, number>
  /** Layout anchors of every text segment. */
  segments: TextSegment[]
  drawing: PageDrawing
  /** Text position operands as written (Tm/Td/TD translations), for the layout-grid check. */
  textPositions: TextPosition[]
  /** Font programs and deflate levels (font-program-checks.ts). */
  fontProgram: FontProgramFacts
}

export function documentFeatures(s: PdfStructure): DocumentFeatures {
  const page = s.pages[0]!
  const drawing = drawPage(page)
  const segments = buildSegments(drawing.runs)
  const usage = fontUsage(page.fonts, drawing.runs)
  const runs = drawing.runs
  return {
    categorical: categoricalFacts(s, page, runs),
    members: memberFacts(s, page, drawing),
    numeric: numericFacts(s, page, runs, segments, usage),
    segments,
    drawing,
    textPositions: textPositions(page.operations),
    fontProgram: fontProgramFacts(s, runs),
  }
}
