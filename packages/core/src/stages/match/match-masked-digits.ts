/**
 * Accounts, phones and cards are printed masked (`*1234`, `408178100000****1234`, `2200 12** **** 3456`,
 * `+7 (900) ***-**-67`, `900***4567`) and clients may send them masked too. Two values agree when no digit
 * shown on both sides differs, and at least `minVisibleDigits` digits are shown on both sides (so `****`
 * never vouches for anything).
 */

/** Digits and mask characters only; bullets and `x` count as masks too. */
export function maskedDigits(value: string): string {
  return value.replace(/[•●·xX×]/g, '*').replace(/[^0-9*]/g, '')
}

/**
 * A phone reduced to its national significant number: `+7 900 …` and `8 900 …` become `900 …`, so that
 * VTB's `9001234567` and `+7 (900) 123‑45‑67` compare.
 */
export function nationalPhone(value: string): string {
  const digits = maskedDigits(value)
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return digits.slice(1)
  return digits
}

/** Counts digits both sides show at the same positions, or null when a shown digit differs. */
function agreeInPlace(a: string, b: string, offsetA: number, offsetB: number, length: number): number | null {
  let agreed = 0
  for (let i = 0; i < length; i += 1) {
    const x = a[offsetA + i]
    const y = b[offsetB + i]
    if (x === '*' || y === '*' || x === undefined || y === undefined) continue
    if (x !== y) return null
    agreed += 1
  }
  return agreed
}

/**
 * Equal lengths compare position by position. Different lengths only when the shorter one is masked: its
 * mask run may stand for any number of digits (`*1234` is an account's last four), so its part before the
 * first `*` is aligned left and its part after the last `*` right.
 */
export function digitsAgree(left: string, right: string, minVisibleDigits = 4): boolean {
  if (left.length === 0 || right.length === 0) return false
  if (left.length === right.length) {
    const agreed = agreeInPlace(left, right, 0, 0, left.length)
    return agreed !== null && agreed >= minVisibleDigits
  }
  const [short, long] = left.length < right.length ? [left, right] : [right, left]
  const first = short.indexOf('*')
  if (first < 0) return false
  const last = short.lastIndexOf('*')
  const head = short.slice(0, first)
  const tail = short.slice(last + 1)
  if (head.length + tail.length > long.length) return false
  const agreedHead = agreeInPlace(head, long, 0, 0, head.length)
  const agreedTail = agreeInPlace(tail, long, 0, long.length - tail.length, tail.length)
  if (agreedHead === null || agreedTail === null) return false
  return agreedHead + agreedTail >= minVisibleDigits
}

export type IdentifierKind = 'phone' | 'card' | 'account'

/**
 * What a printed recipient identifier most likely is, from its shape: 20 digits an account, 16–19 a card,
 * a `+`, parentheses or 10–12 digits a phone. A short collapsed mask (`*1234`) could be an account or a
 * card, never a phone.
 */
export function identifierKinds(printed: string): IdentifierKind[] {
  const digits = maskedDigits(printed)
  const collapsed = /^\*+\d{2,6}$/.test(digits) && digits.length < 10
  if (collapsed) return ['account', 'card']
  if (/[+()]/.test(printed) && digits.length <= 15) return ['phone']
  if (digits.length === 20) return ['account']
  if (digits.length >= 16 && digits.length <= 19) return ['card']
  if (digits.length >= 10 && digits.length <= 12) return ['phone']
  return ['account', 'card', 'phone']
}

/** Whether a printed identifier agrees with an expected one of the given kind. */
export function matchIdentifier(
  printed: string,
  expected: string,
  kind: IdentifierKind,
  minVisibleDigits = 4,
): boolean {
  if (!identifierKinds(printed).includes(kind)) return false
  if (kind === 'phone') return digitsAgree(nationalPhone(printed), nationalPhone(expected), minVisibleDigits)
  return digitsAgree(maskedDigits(printed), maskedDigits(expected), minVisibleDigits)
}
