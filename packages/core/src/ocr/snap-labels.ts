/**
 * OCR misreads a letter or two of a label (`СБП` as `CBN`), and the readers compare labels exactly. A run
 * whose whole text is within a small edit distance of one known label or title (every family's, and the
 * generic reader's) is given that label's spelling. Latin/Cyrillic lookalikes count as equal, and the
 * allowed distance grows with the length (1 under 8 characters, 2 under 16, else 3); short texts (< 5) and
 * ties between two labels are left as read, so a value is not turned into a label by accident.
 */
import { labelKey } from '../extraction/normalize-text'
import type { FamilyDefinition, FieldRule } from '../families/family-definition'
import type { TextRun } from '../pdf/pdf-model'

export interface LabelVocabulary {
  /** Folded key → the label as the family spells it. */
  entries: { folded: string; text: string }[]
}

export function labelVocabulary(
  families: readonly FamilyDefinition[],
  genericRules: Readonly<Record<string, FieldRule | undefined>>,
): LabelVocabulary {
  const texts = new Set<string>()
  const addRule = (rule: FieldRule | undefined) => {
    if (!rule) return
    for (const label of rule.labels) texts.add(label)
    addRule(rule.fallback)
  }
  for (const family of families) {
    for (const anchor of family.recognise.anchors) texts.add(anchor)
    for (const label of family.otherLabels ?? []) texts.add(label)
    for (const rule of Object.values(family.fields)) addRule(rule)
    for (const rule of Object.values(family.extras ?? {})) addRule(rule)
    for (const variant of family.variants) {
      for (const title of variant.titles) for (const line of title) texts.add(line)
      for (const rule of Object.values(variant.fields)) addRule(rule)
    }
  }
  for (const rule of Object.values(genericRules)) addRule(rule)
  const entries = [...texts]
    .map((text) => ({ folded: fold(text), text }))
    .filter((entry) => entry.folded.length >= 5)
  return { entries }
}

export function snapLabels(runs: readonly TextRun[], vocabulary: LabelVocabulary): TextRun[] {
  return runs.map((run) => {
    const folded = fold(run.text)
    if (folded.length < 5) return run
    const allowed = folded.length < 8 ? 1 : folded.length < 16 ? 2 : 3
    let best: string | null = null
    let bestDistance = allowed + 1
    let tie = false
    for (const entry of vocabulary.entries) {
      if (Math.abs(entry.folded.length - folded.length) > allowed) continue
      // Capped one above the best so far: a capped result is never mistaken for a tie.
      const d = editDistance(folded, entry.folded, bestDistance + 1)
      if (d > bestDistance) continue
      if (d === 0) return run
      if (d < bestDistance) {
        best = entry.text
        bestDistance = d
        tie = false
      } else if (d === bestDistance && best !== null && fold(best) !== entry.folded) tie = true
    }
    return best !== null && !tie ? { ...run, text: best } : run
  })
}

/** Latin letters OCR returns for their Cyrillic lookalikes (and `n` for `п`), folded to the Cyrillic. */
const lookalikes: Record<string, string> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  k: 'к',
  m: 'м',
  n: 'п',
  o: 'о',
  p: 'р',
  r: 'г',
  t: 'т',
  x: 'х',
  y: 'у',
  '0': 'о',
  '3': 'з',
}

function fold(text: string): string {
  return labelKey(text).replace(/[a-z03]/g, (ch) => lookalikes[ch] ?? ch)
}

/** Levenshtein distance, giving up (returning `limit`) once every path exceeds it. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin >= limit) return limit
    previous = current
  }
  return previous[b.length]!
}
