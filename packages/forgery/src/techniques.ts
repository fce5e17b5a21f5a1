/** Every forgery technique of the toolkit, in the order the benchmark reports them. */
import { amountPatchGridAligned, amountTdWrapped } from './alignment-techniques'
import {
  datePatchConsistent,
  datePatchFromPartner,
  datePatchInconsistent,
  datePatchMetadataKept,
  idDatesCopied,
} from './date-techniques'
import {
  recompressFflate,
  recompressNodeLevel1,
  recompressZlibLevel1,
  recompressZlibLevel9,
} from './deflate-techniques'
import {
  amountPatch,
  amountPatchClassicZlib,
  amountPatchConsistent,
  incrementalEdit,
  metadataRewrite,
  namesSwapped,
  newGlyphs,
  recombined,
  whiteBoxOverlay,
} from './edit-techniques'
import { fontEnrich, fontEnrichTrim, fontEnrichTrimKeywords } from './font-enrich'
import { resubsetAppendedGlyph, resubsetMissingDigit } from './font-resubset'
import { kerningEdge, kerningInner } from './kerning-techniques'
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
  // Techniques of real kits (issue 8 item 5): re-compression, kerning, alignment, re-subsetting, identity.
  recompressZlibLevel1,
  recompressZlibLevel9,
  recompressNodeLevel1,
  recompressFflate,
  kerningEdge,
  kerningInner,
  amountPatchGridAligned,
  amountTdWrapped,
  resubsetMissingDigit,
  resubsetAppendedGlyph,
  datePatchMetadataKept,
  datePatchFromPartner,
  idDatesCopied,
  // The third public kit (issue 25 item 5): subsets enriched with glyphs, CMap trimmed, Keywords in step.
  fontEnrich,
  fontEnrichTrim,
  fontEnrichTrimKeywords,
]

export function techniqueById(id: string): Technique | undefined {
  return techniques.find((t) => t.id === id)
}
