/** The shape of a PDF Info value: what kind of text it is, without its content (see valueShape). */

/**
 * Shape of an Info value, learned as a type: long hex runs and UUIDs → #, Latin → a/A, Cyrillic → я/Я, and
 * digits by their format — a PDF date (`D:` + 14), a printed date (`DD.MM.YYYY`), a time (`HH:MM[:SS]`) and a
 * zone (`+HH'MM'`) keep one 9 per digit; any other run of digits is a number of some digits (`9+`). A counter's
 * length is a habit of the sample (T-Bank's `Keywords` ends in 3 to 5 digits), not the generator's format.
 */
export function valueShape(value: string): string {
  return typeDigitRuns(
    value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '#')
      .replace(/[0-9a-f]{16,}/g, '#')
      .replace(/[0-9]/g, '9')
      .replace(/[a-z]/g, 'a')
      .replace(/[A-Z]/g, 'A')
      .replace(/[а-яё]/g, 'я')
      .replace(/[А-ЯЁ]/g, 'Я'),
  )
}

/** Digit formats whose length is the format's (see valueShape). */
const FIXED_DIGIT_FORMATS = /A:9{14}|9{2}\.9{2}\.9{4}|9{2}:9{2}(?::9{2})?|[+-]9{2}'9{2}'?/g

/** In a shape (digits already 9), every run of 9 outside a fixed format becomes `9+`. */
export function typeDigitRuns(shape: string): string {
  let out = ''
  let last = 0
  for (const m of shape.matchAll(FIXED_DIGIT_FORMATS)) {
    out += shape.slice(last, m.index).replace(/9+/g, '9+') + m[0]
    last = m.index + m[0].length
  }
  return out + shape.slice(last).replace(/9+/g, '9+')
}
