/**
 * Applies a family's rules to the lines of a page: for each field, find the label, read the value cells the
 * layout designates, and interpret them by format. Positions are kept for the facts.
 */
import type {
  ExtraName,
  FamilyDefinition,
  FieldName,
  FieldRule,
  ValueLayout,
} from '../../vocabulary/family-definition'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'
import { type Interpreted, interpretValue, joinParts } from './interpret-value'
import { readHeadingBlock } from './locate-heading'
import { findLabel, type LabelHit, readValue } from './locate-value'

export interface FieldReading {
  rule: FieldRule
  raw: string
  value: Interpreted | null
  label: LabelHit | null
  cells: Cell[]
}

export type Readings<K extends string> = Partial<Record<K, FieldReading>>

/** Every label key of a family: a value never runs into one of these. */
export function familyLabelKeys(family: FamilyDefinition): Set<string> {
  const rules = [
    ...Object.values(family.fields),
    ...Object.values(family.extras ?? {}),
    ...family.variants.flatMap((v) => Object.values(v.fields)),
  ]
  const labelsOf = (rule: FieldRule | undefined): string[] =>
    rule ? [...rule.labels, ...labelsOf(rule.fallback)] : []
  const keys = rules.flatMap((rule) => labelsOf(rule).map(labelKey))
  return new Set([...keys, ...(family.otherLabels ?? []).map(labelKey)])
}

export function readRules<K extends string>(
  lines: readonly Line[],
  rules: Partial<Record<K, FieldRule>>,
  layout: ValueLayout,
  labelKeys: ReadonlySet<string>,
  title: readonly string[] = [],
): Readings<K> {
  const readings: Readings<K> = {}
  for (const [name, rule] of Object.entries(rules) as [K, FieldRule | undefined][]) {
    if (!rule) continue
    const reading = readRule(lines, rule, layout, labelKeys, title)
    if (reading) readings[name] = reading
  }
  return readings
}

/** `title`: the lines of the recognised title, which `heading` rules read below. */
export function readRule(
  lines: readonly Line[],
  rule: FieldRule,
  layout: ValueLayout,
  labelKeys: ReadonlySet<string>,
  title: readonly string[] = [],
): FieldReading | null {
  if (rule.locate === 'heading') {
    const cells = readHeadingBlock(lines, title, labelKeys)
    if (!cells) return null
    const raw = joinParts(
      cells.map((c) => c.raw),
      rule.format,
    )
    return { rule, raw, value: interpretValue(raw, rule.format), label: null, cells }
  }
  if (rule.locate === 'anywhere') {
    for (const line of lines) {
      for (const cell of line.cells) {
        const value = interpretValue(cell.raw, rule.format)
        if (value) return { rule, raw: cell.raw, value, label: null, cells: [cell] }
      }
    }
    return null
  }
  const label = findLabel(lines, rule.labels, layout, rule.locate === 'inline')
  if (!label) return rule.fallback ? readRule(lines, rule.fallback, layout, labelKeys, title) : null
  if (label.inlineValue !== null) {
    return {
      rule,
      raw: label.inlineValue,
      value: interpretValue(label.inlineValue, rule.format),
      label,
      cells: label.cells,
    }
  }
  const { cells } = readValue(lines, label, layout, labelKeys)
  const raw = joinParts(
    cells.map((c) => c.raw),
    rule.format,
  )
  return { rule, raw, value: raw === '' ? null : interpretValue(raw, rule.format), label, cells }
}

export function readFamilyFields(
  lines: readonly Line[],
  family: FamilyDefinition,
  variantFields: Partial<Record<FieldName, FieldRule>>,
  title: readonly string[] = [],
): { fields: Readings<FieldName>; extras: Readings<ExtraName> } {
  const labelKeys = familyLabelKeys(family)
  const rules = { ...family.fields, ...variantFields }
  return {
    fields: readRules(lines, rules, family.layout, labelKeys, title),
    extras: readRules(lines, family.extras ?? {}, family.layout, labelKeys, title),
  }
}
