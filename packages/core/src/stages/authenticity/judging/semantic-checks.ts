/**
 * Checks that what the receipt prints is consistent with itself and with the file: SBP id time vs
 * printed time and CreationDate vs operation (timing-checks.ts), Alfa operation number vs date, amount
 * arithmetic, value formats, and the file name's time. Hard only where the receipt contradicts itself by
 * construction: amount + commission ≠ total, and the timing a bank's system cannot produce
 * (timing/transfer-timing.ts). Everything learned or written from samples (envelopes, formats, the name
 * repetition) is soft.
 */

import type { CheckResult } from '@rv/schemas'
import { moscowOffsetSeconds } from '../../../vocabulary/time/moscow-time'
import type { PrintedFacts } from '../features/printed-facts'
import { parseAmount, readLabelled, trimSpaces, type ValueLayout, where } from '../features/printed-values'
import type { TextSegment } from '../features/text-segments'
import type { Fingerprint } from '../fingerprint/fingerprint'
import { fxCheck } from './fx-check'
import { timingChecks } from './timing-checks'

/** Amount formats per family (FAMILIES.md «Value formats»); a typed-in amount often breaks them. */
const AMOUNT_FORMAT: Record<string, RegExp> = {
  vtb: /^\d{1,3}( \d{3})*(\.\d{2})? ₽$/,
  alfa: /^\d{1,3}(\u00a0\d{3})*(,\d{1,2})?\u00a0RUR$/,
  gazprombank: /^\d{1,3}( \d{3})*,\d{2} руб\.$/,
}

/** Labels of (amount, commission, total) per family; total = amount + commission when all three print. */
const ARITHMETIC: Record<string, { amount: RegExp; commission: RegExp; total: RegExp }[]> = {
  vtb: [{ amount: /^Сумма (выплаты|операции)$/, commission: /^Комиссия$/, total: /^Сумма с комиссией$/ }],
  alfa: [{ amount: /^Сумма перевода$/, commission: /^Комиссия$/, total: /^Списано с учётом комиссии$/ }],
  gazprombank: [{ amount: /^Сумма:$/, commission: /^Сумма комиссии:$/, total: /^Сумма с учётом комиссии:$/ }],
  tbank: [{ amount: /^Сумма$/, commission: /^Комиссия$/, total: /^Итого$/ }],
  ozon: [{ amount: /^Сумма$/, commission: /^Комиссия$/, total: /^Итого$/ }],
}

const AMOUNT_LABELS: Record<string, RegExp> = {
  vtb: /^Сумма (операции|с комиссией)$|^Комиссия$/,
  alfa: /^Сумма перевода$|^Комиссия$/,
  gazprombank: /^Сумма:$|^Сумма комиссии:$|^Сумма с учётом комиссии:$/,
}

/** Alfa and GPB print each value under its label; the others on the label's row. */
const VALUE_LAYOUT: Record<string, ValueLayout> = { alfa: 'below', gazprombank: 'below' }

/** BI Publisher maps its NBSP glyph to NBSP + space; values also carry trailing spacer glyphs. */
function valueText(text: string): string {
  return text.replace(/\u00a0 /g, '\u00a0').replace(/^[ \u00a0]+|[ \u00a0]+$/g, '')
}

/** What every semantic check reads: the printed facts, the text, and the family's learned semantics. */
interface SemanticContext {
  facts: PrintedFacts
  segments: readonly TextSegment[]
  filename: string | undefined
  bank: string
  semantics: Fingerprint['semantics']
  layout: ValueLayout
}

/** The semantic checks, in the order a record lists them; each gives none, one or several results. */
const SEMANTIC_CHECKS: readonly ((c: SemanticContext) => CheckResult[])[] = [
  sbpIdFormatCheck,
  (c) => timingChecks(c.facts, c.semantics),
  operationNumberDateCheck,
  amountArithmeticChecks,
  (c) => fxCheck(c.segments, c.layout),
  amountFormatCheck,
  (c) => (c.bank === 'vtb' ? vtbRecipientRepeated(c.segments) : []),
  (c) => (c.filename ? filenameCheck(c.bank, c.filename, c.facts) : []),
]

export function semanticChecks(
  fp: Fingerprint,
  facts: PrintedFacts,
  segments: readonly TextSegment[],
  filename: string | undefined,
): CheckResult[] {
  const bank = facts.bank
  const context: SemanticContext = {
    facts,
    segments,
    filename,
    bank,
    semantics: fp.semantics,
    layout: VALUE_LAYOUT[bank] ?? 'row',
  }
  return SEMANTIC_CHECKS.flatMap((check) => check(context))
}

/** The SBP id's shape: [AB], ten digits, 21 digits or capitals. */
function sbpIdFormatCheck({ facts }: SemanticContext): CheckResult[] {
  if (!facts.sbpId) return []
  const id = facts.sbpId.id
  const valid = /^[AB]\d{10}[0-9A-Z]{21}$/.test(id)
  return [
    {
      name: 'semantics.sbp_id_format',
      hard: false,
      passed: valid,
      detail: valid
        ? 'SBP id has 32 characters [AB][0-9]{10}[0-9A-Z]{21}'
        : `SBP id malformed at ${where(facts.sbpId.segment)}`,
    },
  ]
}

/** Alfa's operation number carries the printed date (DDMMYY). */
function operationNumberDateCheck({ bank, facts, segments, layout }: SemanticContext): CheckResult[] {
  if (bank !== 'alfa' || !facts.operation) return []
  const op = readLabelled(segments, /^Номер операции( в банке)?$/, layout)
  const m = op ? /^[A-Z]\d{2}(\d{6})\d{7}$/.exec(valueText(op.value.text)) : null
  if (!op) return []
  const d = new Date((facts.operation.epoch + moscowOffsetSeconds) * 1000)
  const ddmmyy = `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`
  const passed = m !== null && m[1] === ddmmyy
  return [
    {
      name: 'semantics.operation_number_date',
      hard: false,
      passed,
      detail: passed
        ? 'operation number carries the printed date (DDMMYY)'
        : `operation number expected as [A-Z]99 + DDMMYY of the printed date + 7 digits; found a mismatch at ${where(op.value)}`,
    },
  ]
}

/** amount + commission = total, for each of the family's label triples that prints. */
function amountArithmeticChecks({ bank, segments, layout }: SemanticContext): CheckResult[] {
  const out: CheckResult[] = []
  for (const rule of ARITHMETIC[bank] ?? []) {
    const t = readLabelled(segments, rule.total, layout)
    const c = readLabelled(segments, rule.commission, layout)
    // Every printed amount under the amount label(s): VTB abroad prints «Сумма выплаты» and «Сумма операции».
    const amounts = segments
      .filter((s) => rule.amount.test(trimSpaces(s.text).replace(/\u00a0/g, ' ')))
      .map((l) => readLabelled([l, ...segments.filter((s) => s !== l)], rule.amount, layout))
      .map((v) => (v ? parseAmount(trimSpaces(v.value.text)) : null))
      .filter((a): a is number => a !== null)
    if (!t || amounts.length === 0) continue
    const commission = c ? (/Без комиссии/.test(c.value.text) ? 0 : parseAmount(trimSpaces(c.value.text))) : 0
    const total = parseAmount(trimSpaces(t.value.text))
    if (total === null || commission === null) continue
    // The total is the amount plus commission; some layouts print an amount that already includes it.
    const passed = amounts.some(
      (a) => Math.abs(a + commission - total) < 0.005 || Math.abs(a - total) < 0.005,
    )
    out.push({
      name: 'semantics.amount_arithmetic',
      hard: true,
      passed,
      detail: passed
        ? 'amount + commission = total'
        : `expected amount + commission = total; found amounts ${amounts.join(', ')}, commission ${commission}, total ${total} (total at ${where(t.value)})`,
    })
  }
  return out
}

/** Every amount under the family's amount labels in the family's format. */
function amountFormatCheck({ bank, segments, layout }: SemanticContext): CheckResult[] {
  const format = AMOUNT_FORMAT[bank]
  const labels = AMOUNT_LABELS[bank]
  if (!format || !labels) return []
  const bad = segments
    .filter((s) => labels.test(trimSpaces(s.text).replace(/\u00a0/g, ' ')))
    .map((l) =>
      readLabelled(
        segments,
        new RegExp(`^${trimSpaces(l.text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        layout,
      ),
    )
    .filter((v) => v !== null && !format.test(valueText(v.value.text)))
  return [
    {
      name: 'semantics.amount_format',
      hard: false,
      passed: bad.length === 0,
      detail:
        bad.length === 0
          ? `amounts match ${format.source}`
          : `amounts expected to match ${format.source}; found a different format at ${where(bad[0]!.value)}`,
    },
  ]
}

/**
 * A VTB outgoing SBP receipt repeats the recipient's name as its centred second line. The bank prints the
 * two differently often enough (case, a dropped dot, a wrapped row, an abbreviated or reordered name), so
 * names are compared as words: case-folded, ё as е, dots and commas dropped; they agree when one is a
 * prefix of the other or at least half of the shorter name's words (≥ 2 letters, at least one) occur in
 * the other. A swapped recipient shares none. Soft: the rule is hand-written from samples.
 */
function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,]/g, ' ')
    .split(/[\s\u00a0]+/)
    .filter((w) => w.length > 0)
}

export function sameName(a: string, b: string): boolean {
  const x = nameWords(a)
  const y = nameWords(b)
  if (x.length === 0 || y.length === 0) return false
  const [p, q] = [x.join(' '), y.join(' ')]
  if (p.startsWith(q) || q.startsWith(p)) return true
  const [short, long] = x.length <= y.length ? [x, y] : [y, x]
  const words = short.filter((w) => w.length >= 2)
  const shared = words.filter((w) => long.includes(w)).length
  return shared >= 1 && shared >= words.length / 2
}

function vtbRecipientRepeated(segments: readonly TextSegment[]): CheckResult[] {
  const norm = (t: string) => t.replace(/[\s\u00a0]+/g, ' ').trim()
  const titleIndex = segments.findIndex((s) => norm(s.text) === 'Исходящий перевод СБП')
  const nameLine = titleIndex >= 0 ? segments[titleIndex + 1] : undefined
  const recipient = readLabelled(segments, /^Получатель$/, 'row')
  if (!nameLine || !recipient) return []
  // A long name wraps onto the next line, right-aligned like the value and with no label of its own.
  const v = recipient.value
  const wrapped = segments.filter(
    (s) =>
      s.baseline > v.baseline + 1 &&
      s.baseline - v.baseline <= v.size * 1.6 &&
      Math.abs(s.x1 - v.x1) <= 1 &&
      !segments.some(
        (l) => Math.abs(l.baseline - s.baseline) <= 1.5 && Math.abs(l.x0 - recipient.label.x0) <= 1,
      ),
  )
  const value = [v, ...wrapped].map((s) => s.text).join(' ')
  const passed = sameName(nameLine.text, value)
  return [
    {
      name: 'semantics.recipient_repeated',
      hard: false,
      passed,
      detail: passed
        ? 'the recipient under the title matches the «Получатель» row'
        : `expected the name under the title to repeat the «Получатель» value; they share no word (${where(nameLine)} vs ${where(recipient.value)})`,
    },
  ]
}

/** The file name's time (VTB: device zone, whole hours off; Alfa: epoch ms near «Сформирована»). Soft only. */
function filenameCheck(bank: string, filename: string, facts: PrintedFacts): CheckResult[] {
  const base = filename.replace(/^.*[\\/]/, '')
  if (bank === 'vtb' && facts.operation) {
    const m = /^(\d{2})-(\d{2})-(\d{2})_(\d{2})-(\d{2})( \(\d+\))?\.pdf$/i.exec(base)
    // A renamed download makes no claim: only a name in the bank's own pattern is compared.
    if (!m) return []
    const t = Date.UTC(2000 + Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5])) / 1000
    const diff = t - (facts.operation.epoch + moscowOffsetSeconds)
    const off = Math.abs(diff - Math.round(diff / 3600) * 3600)
    const passed = off <= 60 && Math.abs(diff) <= 14 * 3600
    return [
      {
        name: 'semantics.filename',
        hard: false,
        passed,
        detail: `file-name time − printed time: expected a whole number of hours ±60 s; found ${diff} s`,
      },
    ]
  }
  if (bank === 'alfa' && facts.generated) {
    const m = /^AM_(\d{13})\.pdf$/i.exec(base)
    if (!m) return []
    const diff = Math.round(Number(m[1]) / 1000) - facts.generated.epoch
    const passed = diff >= -900 && diff <= 4200
    return [
      {
        name: 'semantics.filename',
        hard: false,
        passed,
        detail: `file-name time − «Сформирована»: expected −900…+4200 s; found ${diff} s`,
      },
    ]
  }
  return []
}
