/**
 * The JSON Canonicalization Scheme (RFC 8785, JCS): object keys sorted by UTF-16 code units at every depth,
 * no whitespace, numbers and strings written as ECMAScript's JSON.stringify writes them. The same record
 * always gives the same text, so its digest binds a decision to exactly the machine record it judged, and a
 * record's signature (@rv/signing) can be checked by anyone with any JCS implementation.
 *
 * A value with `toJSON` (a Date) is written as JSON.stringify would write it; a number that JSON cannot
 * hold (NaN, Infinity) is an error, as RFC 8785 requires, rather than a silent `null`.
 *
 * @example
 * canonicalJson({ b: 1, a: [ { d: 2, c: 3 } ] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return canonicalJson((value as { toJSON: () => unknown }).toJSON())
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      // `<` on strings compares UTF-16 code units, the order RFC 8785 (3.2.3) prescribes.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`canonicalJson: ${value} has no JSON form (RFC 8785 3.2.2.3)`)
  return JSON.stringify(value) ?? 'null'
}
