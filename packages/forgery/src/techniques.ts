/** Every forgery technique of the toolkit, in the order the benchmark reports them. */
import {
  amountPatch,
  amountPatchClassicZlib,
  amountPatchConsistent,
  datePatchConsistent,
  datePatchInconsistent,
  incrementalEdit,
  metadataRewrite,
  namesSwapped,
  newGlyphs,
  recombined,
  whiteBoxOverlay,
} from './edit-techniques'
import type { Technique } from './technique-types'
import { imageOnly, printChromium, resaveGhostscript, resaveLibreOffice, resaveQpdf } from './tool-techniques'

export const techniques: readonly Technique[] = [
  amountPatch,
  amountPatchConsistent,
  amountPatchClassicZlib,
  newGlyphs,
  incrementalEdit,
  metadataRewrite,
  datePatchInconsistent,
  datePatchConsistent,
  namesSwapped,
  whiteBoxOverlay,
  recombined,
  resaveQpdf,
  resaveGhostscript,
  resaveLibreOffice,
  printChromium,
  imageOnly,
]

export function techniqueById(id: string): Technique | undefined {
  return techniques.find((t) => t.id === id)
}
