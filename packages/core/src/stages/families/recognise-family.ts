/**
 * Which family and variant a page belongs to, from its text: a variant is a candidate when all the lines
 * of one of its titles appear (as a cell or a whole line); candidates are ranked by the share of the
 * variant's labels found, then by how many were found (T-Bank's SBP transfer prints every label of a
 * transfer within T-Bank and two more: when both are complete, the one that explains more of the page), then
 * by title length. The producer is supporting evidence only: a re-rendered
 * forgery still reads as its family, and authenticity then judges the container.
 */

import type { FamilyDefinition, FieldRule, VariantDefinition } from '../../vocabulary/family-definition'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Line } from '../../vocabulary/text/text-lines'

export interface Recognition {
  family: FamilyDefinition
  variant: VariantDefinition
  /** The title alternative that matched. */
  title: readonly string[]
  /** Share of the variant's labelled fields whose label was found (0..1). */
  labelCoverage: number
  producerMatches: boolean
  anchorFound: boolean
}

/** Minimum label coverage for a confident recognition; below it the document is `unknown`. */
export const minLabelCoverage = 0.6

export function recogniseFamily(
  lines: readonly Line[],
  producer: string | undefined,
  candidates: readonly FamilyDefinition[],
): Recognition | null {
  const keys = new Set<string>()
  for (const line of lines) {
    keys.add(labelKey(line.text))
    for (const cell of line.cells) keys.add(cell.key)
  }
  const hasKey = (text: string) => keys.has(labelKey(text))
  const hasPrefix = (text: string) => {
    const key = labelKey(text)
    for (const k of keys) if (k === key || k.startsWith(`${key} `)) return true
    return false
  }
  let best: Recognition | null = null
  let bestRank: number[] = []
  for (const family of candidates) {
    for (const variant of family.variants) {
      const title = variant.titles.find((alternative) => alternative.every(hasKey))
      if (!title) continue
      const rules = labelledRules(family, variant)
      const found = rules.filter((rule) =>
        rule.labels.some((label) => hasPrefix(label) || labelSplitFound(label, keys)),
      )
      const labelCoverage = rules.length === 0 ? 1 : found.length / rules.length
      const rank = [labelCoverage, found.length, title.length]
      if (!best || outranks(rank, bestRank)) {
        bestRank = rank
        best = {
          family,
          variant,
          title,
          labelCoverage,
          producerMatches: family.recognise.producer.some((p) => new RegExp(p).test(producer ?? '')),
          anchorFound: family.recognise.anchors.some(hasKey),
        }
      }
    }
  }
  return best && best.labelCoverage >= minLabelCoverage ? best : null
}

/** Ranks compared in order: the first that differs decides; a tie keeps the earlier candidate. */
function outranks(rank: readonly number[], other: readonly number[]): boolean {
  for (let i = 0; i < rank.length; i++) if (rank[i] !== other[i]) return rank[i]! > other[i]!
  return false
}

/** A label wrapped over two lines (`Телефон` / `отправителя`) is found when both halves are present. */
function labelSplitFound(label: string, keys: ReadonlySet<string>): boolean {
  const words = labelKey(label).split(' ')
  for (let i = 1; i < words.length; i++) {
    if (keys.has(words.slice(0, i).join(' ')) && keys.has(words.slice(i).join(' '))) return true
  }
  return false
}

export function labelledRules(family: FamilyDefinition, variant: VariantDefinition): FieldRule[] {
  const merged = { ...family.fields, ...variant.fields }
  return Object.values(merged).filter(
    (rule): rule is FieldRule =>
      !!rule && !rule.optional && rule.locate !== 'anywhere' && rule.locate !== 'heading',
  )
}
