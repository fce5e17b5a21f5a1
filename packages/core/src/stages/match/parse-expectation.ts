/**
 * Validates the `expectation` multipart part against schemas/json/expectation.schema.json, without a
 * schema engine so that core stays dependency-free, and with one problem per offending member, addressed
 * by a JSON pointer (`/recipient/phone`) for the API error's `details`. A few rules go beyond the schema:
 * `window.from` must not be after `window.to`, and an amount must be representable in minor units.
 */
import type { Expectation } from '@rv/schemas'
import { minorExponent, toMinorUnits } from './match-amount'

export interface ExpectationProblem {
  /** JSON pointer into the part; '' for the part as a whole. */
  path: string
  message: string
}

export type ExpectationParse =
  | { ok: true; value: Expectation }
  | { ok: false; problems: ExpectationProblem[] }

export const transferTypes = [
  'client_transfer',
  'card_transfer',
  'cross_border_transfer',
  'incoming_transfer',
  'salary',
  'mobile_payment',
  'other',
] as const

/** The part's size limit: an expectation is a few hundred bytes; anything larger is not one. */
export const maxExpectationBytes = 16 * 1024

// RFC 3339 date-time with an explicit offset, as JSON Schema's `date-time` format requires.
const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const controlCharacter = /[\u0000-\u001f\u007f]/

class Collector {
  readonly problems: ExpectationProblem[] = []
  add(path: string, message: string): void {
    this.problems.push({ path, message })
  }
  string(v: unknown, path: string, min: number, max: number): void {
    if (typeof v !== 'string') {
      this.add(path, 'must be a string')
      return
    }
    const n = [...v].length
    if (n < min) this.add(path, `must be at least ${min} characters`)
    else if (n > max) this.add(path, `must be at most ${max} characters`)
    // No name, account or reference contains one; a NUL cannot even be stored by a PostgreSQL-backed store.
    else if (controlCharacter.test(v)) this.add(path, 'must not contain control characters')
  }
  members(v: Record<string, unknown>, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(v)) {
      if (!allowed.includes(k))
        this.add(`${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'unknown member')
    }
  }
  dateTime(v: unknown, path: string): number | null {
    if (typeof v !== 'string' || !dateTime.test(v) || Number.isNaN(Date.parse(v))) {
      this.add(path, 'must be an RFC 3339 date-time with a time zone, e.g. 2026-03-11T07:00:00Z')
      return null
    }
    return Date.parse(v)
  }
}

const topMembers = [
  'order_ref',
  'amount',
  'amount_tolerance',
  'currency',
  'recipient',
  'bank',
  'window',
  'type',
  'payment_reference',
]

function checkAmount(e: Record<string, unknown>, c: Collector): void {
  const currency = typeof e['currency'] === 'string' ? e['currency'] : 'RUB'
  for (const key of ['amount', 'amount_tolerance'] as const) {
    const v = e[key]
    if (v === undefined) continue
    if (typeof v !== 'number' || !Number.isFinite(v)) c.add(`/${key}`, 'must be a number')
    else if (key === 'amount' && v <= 0) c.add(`/${key}`, 'must be greater than 0')
    else if (v < 0) c.add(`/${key}`, 'must not be negative')
    else if (v > 1e13) c.add(`/${key}`, 'is too large')
    else if (Math.abs(toMinorUnits(v, currency) - v * 10 ** minorExponent(currency)) > 1e-6)
      c.add(`/${key}`, `must have at most ${minorExponent(currency)} decimal places`)
  }
  const cur = e['currency']
  if (cur !== undefined && (typeof cur !== 'string' || !/^[A-Z]{3}$/.test(cur)))
    c.add('/currency', 'must be an ISO 4217 code of three capital letters')
}

function checkRecipient(v: unknown, c: Collector): void {
  if (!isObject(v)) {
    c.add('/recipient', 'must be an object')
    return
  }
  c.members(v, '/recipient', ['name', 'account', 'phone', 'card'])
  if (Object.keys(v).length === 0) c.add('/recipient', 'must have at least one member')
  const limits = { name: [1, 200], account: [4, 64], phone: [4, 32], card: [4, 32] } as const
  for (const k of ['name', 'account', 'phone', 'card'] as const) {
    if (v[k] !== undefined) c.string(v[k], `/recipient/${k}`, limits[k][0], limits[k][1])
  }
}

function checkWindow(v: unknown, c: Collector): void {
  if (!isObject(v)) {
    c.add('/window', 'must be an object')
    return
  }
  if ('at' in v) {
    c.members(v, '/window', ['at', 'tolerance_seconds'])
    c.dateTime(v['at'], '/window/at')
    const t = v['tolerance_seconds']
    if (t !== undefined && (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > 31_536_000))
      c.add('/window/tolerance_seconds', 'must be an integer from 0 to 31536000')
    return
  }
  c.members(v, '/window', ['from', 'to'])
  if (v['from'] === undefined && v['to'] === undefined) {
    c.add('/window', 'must have from, to or at')
    return
  }
  const from = v['from'] === undefined ? null : c.dateTime(v['from'], '/window/from')
  const to = v['to'] === undefined ? null : c.dateTime(v['to'], '/window/to')
  if (from !== null && to !== null && from > to) c.add('/window', 'from must not be after to')
}

function checkListOf(
  v: unknown,
  path: string,
  c: Collector,
  item: (x: unknown, p: string) => void,
  max: number,
): void {
  if (!Array.isArray(v)) {
    item(v, path)
    return
  }
  if (v.length === 0) c.add(path, 'must not be empty')
  if (v.length > max) c.add(path, `must have at most ${max} items`)
  for (const [i, x] of v.entries()) item(x, `${path}/${i}`)
}

/** Checks an already parsed JSON value. */
export function validateExpectation(value: unknown): ExpectationParse {
  const c = new Collector()
  if (!isObject(value)) return { ok: false, problems: [{ path: '', message: 'must be a JSON object' }] }
  c.members(value, '', topMembers)
  if (value['order_ref'] !== undefined) c.string(value['order_ref'], '/order_ref', 1, 200)
  if (value['payment_reference'] !== undefined)
    c.string(value['payment_reference'], '/payment_reference', 1, 200)
  checkAmount(value, c)
  if (value['recipient'] !== undefined) checkRecipient(value['recipient'], c)
  if (value['window'] !== undefined) checkWindow(value['window'], c)
  if (value['bank'] !== undefined)
    checkListOf(value['bank'], '/bank', c, (x, p) => c.string(x, p, 1, 200), 20)
  if (value['type'] !== undefined)
    checkListOf(
      value['type'],
      '/type',
      c,
      (x, p) => {
        if (!(transferTypes as readonly unknown[]).includes(x))
          c.add(p, `must be one of ${transferTypes.join(', ')}`)
      },
      transferTypes.length,
    )
  return c.problems.length === 0
    ? { ok: true, value: value as Expectation }
    : { ok: false, problems: c.problems }
}

/**
 * Parses and validates the text of the `expectation` part. An absent or blank part is the empty
 * expectation (nothing asked).
 * @example parseExpectation('{"amount": -1}') // { ok: false, problems: [{ path: '/amount', ... }] }
 */
export function parseExpectation(text: string | null | undefined): ExpectationParse {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, value: {} }
  if (text.length > maxExpectationBytes)
    return { ok: false, problems: [{ path: '', message: 'is too large' }] }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: `is not valid JSON: ${(error as Error).message}` }] }
  }
  return validateExpectation(value)
}
