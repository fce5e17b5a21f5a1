/**
 * Replays a page's content stream far enough to know what it draws and where: every text-showing
 * operator becomes a run (font, size, codes, decoded text, page box, colour, render mode), every filled
 * path and image a painted box. Coordinates are points with the origin at the top-left of the page.
 */
import type { PdfPageStructure } from '../../../readers/pdf/structure/structure-types'
import { drawingOperators } from './drawing-operators'
import { newDrawState } from './drawing-state'
import type { PageDrawing } from './drawing-types'

export type { DrawnRun, PageDrawing, PaintedBox } from './drawing-types'

export function drawPage(page: PdfPageStructure): PageDrawing {
  const state = newDrawState(page)
  const operators = new Set<string>()
  page.operations.forEach((o, index) => {
    operators.add(o.op)
    drawingOperators.get(o.op)?.(state, o.operands, index, o.op)
  })
  return { runs: state.runs, boxes: state.boxes, operators }
}
