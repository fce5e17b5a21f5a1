/**
 * The family of a page no variant's title explains: a bank's generator writes every receipt it issues, so a
 * receipt of an undescribed variant (a state-fee payment, a purchase, a title no one has seen) still carries
 * its bank's producer and its stamp or footer. A family is taken when its producer matches and the page
 * either prints one of its anchors or names its bank first (outside the printed values, generic-bank.ts).
 * The variant is `unknown`: the generic reader reads the fields, and authenticity judges the page by the
 * family's variant-independent checks (authenticity/variant-independent.ts). Neither alone suffices: the
 * producer is shared between banks (iText, Skia), and any document can name a bank.
 */

import type { FamilyDefinition } from '../../vocabulary/family-definition'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Line } from '../../vocabulary/text/text-lines'

/** The variant name of a page recognised by its bank alone. */
export const unknownVariant = 'unknown'

export function recogniseIssuerFamily(
  lines: readonly Line[],
  producer: string | undefined,
  issuerBank: string | null,
  candidates: readonly FamilyDefinition[],
): { family: FamilyDefinition; anchorFound: boolean } | null {
  if (!producer) return null
  const keys = new Set<string>()
  for (const line of lines) {
    keys.add(labelKey(line.text))
    for (const cell of line.cells) keys.add(cell.key)
  }
  for (const family of candidates) {
    if (!family.recognise.producer.some((p) => new RegExp(p).test(producer))) continue
    const anchored = family.recognise.anchors.some((anchor) => keys.has(labelKey(anchor)))
    if (anchored || issuerBank === family.issuerBank) return { family, anchorFound: anchored }
  }
  return null
}
