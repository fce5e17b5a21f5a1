/**
 * OCR misreads a letter or two of a label (`СБП` as `CBN`), and the readers compare labels exactly. A run
 * whose whole text is within a small edit distance of one known label or title (every family's, and the
 * generic reader's) is given that label's spelling. Latin/Cyrillic lookalikes count as equal, and the
 * allowed distance grows with the length (1 under 8 characters, 2 under 16, else 3); short texts (< 5) and
 * ties between two labels are left as read, so a value is not turned into a label by accident.
 */

import type { FamilyDefinition, FieldRule } from '../../vocabulary/family-definition'
import type { TextRun } from '../../vocabulary/pdf-model'
import { labelKey } from '../../vocabulary/text/normalize-text'

export interface LabelVocabulary {
  /** Folded key → the label as the family spells it; `shape`: its letters as the Latin ones they look like. */
  entries: { folded: string; shape: string; text: string }[]
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
    .map((text) => ({ folded: fold(text), shape: latinShape(text), text }))
    .filter((entry) => entry.folded.length >= 5)
  return { entries }
}

export function snapLabels(runs: readonly TextRun[], vocabulary: LabelVocabulary): TextRun[] {
  return snapWrappedTails(snapWholeRuns(splitLabelledValues(runs, vocabulary), vocabulary), vocabulary)
}

/**
 * OCR may read a label and a value printed close to it as one line of words (`Идентификатор операции
 * A6…`). A run that opens with a known label (or the first line of a wrapped one), followed by words that
 * start with a digit-bearing token and do not continue any label, is split there; the value's position is
 * estimated from the share of characters (the readers only need its left edge to be right of the label).
 */
/** A word of signs only, never part of a label (labels end in a letter or a `:`, read with the label). */
const strayMark = /^[=~«»"'`|_—–-]+$/

function splitLabelledValues(runs: readonly TextRun[], vocabulary: LabelVocabulary): TextRun[] {
  return runs.flatMap((run) => {
    const words = run.text.split(' ')
    for (let k = words.length - 1; k >= 1; k--) {
      // A sign OCR read in the gap between label and value (`ID операции в СБП = B52…`: a speck or the
      // value's wrap read as `=`) belongs to neither: the label is what stands before it.
      let end = k
      while (end > 1 && strayMark.test(words[end - 1]!)) end--
      const head = fold(words.slice(0, end).join(' '))
      if (!/\d/.test(words[k]!) || head.length < 5) continue
      const headText = words.slice(0, end).join(' ')
      const known =
        vocabulary.entries.some((e) => e.folded === head || e.folded.startsWith(`${head} `)) ||
        // The sign bridged the gap that would have kept the two apart, so the label may be misread
        // (`CBN`): one the whole-run snap would give its spelling (within its edit distance) counts.
        (end < k && snapWholeRun({ ...run, text: headText }, vocabulary).text !== headText)
      if (!known) continue
      const share = (words.slice(0, k).join(' ').length + 1) / run.text.length
      const at = run.x + run.width * share
      return [
        { ...run, text: headText, width: run.width * (headText.length / run.text.length) },
        { ...run, text: words.slice(k).join(' '), x: at, width: run.x + run.width - at },
      ]
    }
    return [run]
  })
}

function snapWholeRuns(runs: readonly TextRun[], vocabulary: LabelVocabulary): TextRun[] {
  return runs.map((run) => snapLatinReading(run, vocabulary) ?? snapWholeRun(run, vocabulary))
}

/**
 * A Cyrillic label the English model read whole, as the Latin letters its glyphs look like in a small
 * font: `Получатель` as `Nonyyatenb` (л and п as `n`, у and ч as `y`, ь as `b`), `Комиссия` as `Komuccua`
 * (и as `u`, я as `a`). Lookalike folding (`fold`) leaves these too far from the label, so a run of Latin
 * letters only is compared with every label's Latin shape (`latinShape`) — exactly under 8 letters, within
 * one edit from 8 on — and takes the one label it matches; a tie, or a run with any Cyrillic letter or
 * digit, is left to `snapWholeRun`.
 */
function snapLatinReading(run: TextRun, vocabulary: LabelVocabulary): TextRun | null {
  if (!/^[A-Za-z][A-Za-z .,:]*$/.test(run.text)) return null
  const key = labelKey(run.text)
  if (key.replace(/[^a-z]/g, '').length < 5) return null
  const allowed = key.length < 8 ? 0 : 1
  const matches = new Set(
    vocabulary.entries
      .filter((e) => Math.abs(e.shape.length - key.length) <= allowed)
      .filter((e) => editDistance(key, e.shape, allowed + 1) <= allowed)
      .map((e) => e.text),
  )
  return matches.size === 1 ? { ...run, text: [...matches][0]! } : null
}

function snapWholeRun(run: TextRun, vocabulary: LabelVocabulary): TextRun {
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
    // Equal once look-alikes are folded (`No номеру телефона`): the readers compare the label's own
    // spelling, so it is given unless the run already has it.
    if (d === 0) return labelKey(run.text) === labelKey(entry.text) ? run : { ...run, text: entry.text }
    if (d < bestDistance) {
      best = entry.text
      bestDistance = d
      tie = false
    } else if (d === bestDistance && best !== null && fold(best) !== entry.folded) tie = true
  }
  return best !== null && !tie ? { ...run, text: best } : run
}

/**
 * A label that wraps (T-Bank's `Идентификатор операции` / `СБП`) leaves a tail too short to snap on its own
 * (`cen`). Under a run that is the head of a label, in its column and on the next line, a short run within
 * one edit of the label's remaining words is given their spelling.
 */
function snapWrappedTails(runs: TextRun[], vocabulary: LabelVocabulary): TextRun[] {
  const out = [...runs]
  for (const head of runs) {
    const key = fold(head.text)
    for (const entry of vocabulary.entries) {
      if (!entry.folded.startsWith(`${key} `)) continue
      const words = entry.text.split(' ')
      const tail = words.slice(key.split(' ').length).join(' ')
      const tailKey = fold(tail)
      if (tailKey.length < 3 || tailKey.length >= 5) continue
      const i = out.findIndex(
        (r) =>
          Math.abs(r.x - head.x) <= head.height &&
          r.y > head.y &&
          r.y - head.y <= 1.8 * head.height &&
          fold(r.text).length < 5 &&
          fold(r.text) !== tailKey &&
          editDistance(fold(r.text), tailKey, 2) <= 1,
      )
      if (i >= 0) out[i] = { ...out[i]!, text: tail }
    }
  }
  return out
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

/**
 * Lowercase Cyrillic letters as the Latin letters tesseract's English model reads them as (shapes, not
 * sounds); a letter without a Latin look-alike stays itself, so a label with one never matches Latin text.
 */
const latinShapes: Record<string, string> = {
  а: 'a',
  в: 'b',
  г: 'r',
  д: 'g',
  е: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  л: 'n',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ц: 'u',
  ч: 'y',
  ь: 'b',
  я: 'a',
}

function latinShape(text: string): string {
  return labelKey(text).replace(/[а-я]/g, (ch) => latinShapes[ch] ?? ch)
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
