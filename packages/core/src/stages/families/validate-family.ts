/**
 * Checks a family definition read from JSON before it is used, so a typo in a definition fails loudly at
 * load time (and in tests) instead of silently reading nothing.
 */
import type { FamilyDefinition, FieldFormat, FieldRule } from '../../vocabulary/family-definition'
import { readableFieldNames, transferTypes } from '../../vocabulary/field-names'

const formats: readonly FieldFormat[] = [
  'amount',
  'commission',
  'datetime',
  'sbp_id',
  'status',
  'bank',
  'name',
  'text',
  'reference',
  'organisation',
  'after_organisation',
]
export function validateFamily(raw: unknown): FamilyDefinition {
  const d = raw as FamilyDefinition
  const where = (path: string) => `family ${String(d?.family)}: ${path}`
  const fail = (path: string): never => {
    throw new Error(`Invalid ${where(path)}`)
  }
  if (!d || typeof d.family !== 'string' || !/^[a-z0-9_]+$/.test(d.family)) fail('family')
  if (typeof d.issuerBank !== 'string') fail('issuerBank')
  if (d.layout !== 'right' && d.layout !== 'below') fail('layout')
  if (!Array.isArray(d.recognise?.producer) || !Array.isArray(d.recognise?.anchors)) fail('recognise')
  for (const p of d.recognise.producer) new RegExp(p)
  const w = d.time?.sbpIdWindow
  if (!Array.isArray(w) || w.length !== 2 || !(w[0]! <= w[1]!)) fail('time.sbpIdWindow')
  if (d.time.precision !== 'second' && d.time.precision !== 'minute') fail('time.precision')
  if (d.otherLabels !== undefined && !Array.isArray(d.otherLabels)) fail('otherLabels')
  if (
    d.image !== undefined &&
    (typeof d.image !== 'object' || !['₽', 'RUR'].includes(d.image.amountSign ?? '₽'))
  )
    fail('image')
  checkRules(d.fields, 'fields', fail)
  checkRules(d.extras ?? {}, 'extras', fail, ['generated_at'])
  if (!Array.isArray(d.variants) || d.variants.length === 0) fail('variants')
  for (const v of d.variants) {
    if (!/^[a-z0-9_]+$/.test(v.variant)) fail(`variant ${v.variant}`)
    if (!(transferTypes as readonly string[]).includes(v.type)) fail(`${v.variant}.type`)
    if (
      !Array.isArray(v.titles) ||
      v.titles.length === 0 ||
      v.titles.some((t) => !Array.isArray(t) || t.length === 0)
    ) {
      fail(`${v.variant}.titles`)
    }
    checkRules(v.fields, `${v.variant}.fields`, fail)
  }
  return d
}

function checkRules(
  rules: unknown,
  path: string,
  fail: (p: string) => never,
  names: readonly string[] = readableFieldNames,
): void {
  if (!rules || typeof rules !== 'object') fail(path)
  for (const [name, rule] of Object.entries(rules as Record<string, FieldRule>)) {
    if (!names.includes(name)) fail(`${path}.${name}`)
    if (!formats.includes(rule.format)) fail(`${path}.${name}.format`)
    if (!Array.isArray(rule.labels)) fail(`${path}.${name}.labels`)
    if (rule.optional !== undefined && typeof rule.optional !== 'boolean') fail(`${path}.${name}.optional`)
    if (rule.confidence !== undefined && !(rule.confidence > 0 && rule.confidence <= 1)) {
      fail(`${path}.${name}.confidence`)
    }
    if (rule.fallback) checkRules({ [name]: rule.fallback }, `${path}.${name}.fallback`, fail, names)
    const unlabelled = rule.locate === 'anywhere' || rule.locate === 'heading'
    if (!unlabelled && rule.labels.length === 0) fail(`${path}.${name}.labels`)
    if (rule.locate !== undefined && !['label', 'inline', 'anywhere', 'heading'].includes(rule.locate)) {
      fail(`${path}.${name}.locate`)
    }
  }
}
