/**
 * Turns field readings into the record's `fields`: typed values, constants the variant states by its nature,
 * the receipt-number / payment-reference rule, `paid_at` with its source, and a confidence per non-null
 * field. `scale` lowers every confidence when recognition was partial (generic extraction uses < 0.9).
 */
import type { ReceiptFields, TransferType } from '@rv/schemas'
import { scriptOf, toScript } from '../../readers/ocr/letter-scripts'
import { readMaskedNumber } from '../../readers/ocr/masked-number'
import { nameWellFormed } from '../../readers/ocr/name-shape'
import { initialOfDigit } from '../../readers/ocr/read-ocr-word'
import { type RoundGlyphKind, repairOperationNumber, repairSbpId } from '../../readers/ocr/repair-sbp-id'
import { emptyFields } from '../../vocabulary/empty-blocks'
import type { FieldConstants, FieldName } from '../../vocabulary/family-definition'
import type { LocalDateTime } from '../../vocabulary/time/moscow-time'
import { capped, type FieldSink, readConfidence, setField, setStated } from './field-sink'
import type { Interpreted } from './interpret-value'
import type { FieldReading, Readings } from './read-family-fields'
import { repairAmountSign } from './repair-amount-sign'
import { type PaidAt, preferSureId, resolvePaidAt } from './resolve-paid-at'

export interface BuildInput {
  readings: Readings<FieldName>
  constants: FieldConstants
  issuerBank: string | null
  defaultCurrency: string | null
  type: TransferType | null
  sbpIdWindow: readonly [number, number]
  /** Multiplies every confidence (1 for a fully recognised family). */
  scale: number
  /** Whether the PDF had a text layer at all, and the language of its text (see detectLanguage). */
  hasText: boolean
  /** Where the text came from: a PDF's text layer (default) or OCR of an image. */
  textSource?: 'pdf_text' | 'ocr'
  /** OCR only: the SBP id's round glyph at position 16 as the pixels showed it (image-sbp-id-glyph.ts). */
  sbpIdRoundGlyph?: RoundGlyphKind
  /** OCR only: the SBP id's glyph at position 16 as its shape decided it (image-sbp-id-glyph.ts). */
  sbpIdFreeGlyph?: string
  /** OCR only: the sign the family prints after every amount (see repair-amount-sign.ts). */
  amountSign?: string
  /** OCR only: the bank's own operation number opens with a capital letter (Alfa). */
  referenceOpensWithLetter?: boolean
  language: string | null
}

export interface BuiltFields {
  fields: ReceiptFields
  paidAt: PaidAt
  /** The SBP id as read (joined), whether or not it became receipt_number. */
  sbpId: string | null
  printed: { local: LocalDateTime; text: string } | null
  /** The readings each set field was read from (none for a value the variant states): where it is on the page. */
  sources: Partial<Record<keyof ReceiptFields, FieldName[]>>
}

const textFields = ['recipient_name', 'recipient_account', 'purpose', 'sender_name'] as const
const nameFields = new Set<string>(['recipient_name', 'sender_name'])

/** `ru` when the text is mostly Cyrillic, `en` when it is Latin only, else null (no text, digits only). */
export function detectLanguage(text: string): string | null {
  const cyrillic = (text.match(/[а-яё]/gi) ?? []).length
  const latin = (text.match(/[a-z]/gi) ?? []).length
  if (cyrillic > 0 && cyrillic >= latin) return 'ru'
  if (latin > 0 && cyrillic === 0) return 'en'
  return cyrillic > 0 ? 'ru' : null
}

/** A money reading, its ruble sign restored on an image when the family prints one (ambiguous if from a `2`). */
function money(
  reading: FieldReading | undefined,
  sign: string | undefined,
  zeroAllowed = false,
): { value: Interpreted | null; ambiguous: boolean } {
  const repaired = sign && reading ? repairAmountSign(reading.raw, sign, zeroAllowed) : null
  if (repaired) return { value: { kind: 'money', money: repaired.money }, ambiguous: repaired.ambiguous }
  return { value: reading?.value ?? null, ambiguous: false }
}

/**
 * The SBP id as read. On an image (OCR) the raw text is repaired from the id's format first
 * (ocr/repair-sbp-id.ts); `ambiguous` when a free position had to be guessed. When the value's rows as a
 * whole are no id, the first rows that are one make it: an id is 32 characters, so rows read after it
 * completes (specks of a photo's rule or shadow read as `a aed`) are not part of it.
 */
function sbpIdOf(
  reading: FieldReading | undefined,
  textSource: BuildInput['textSource'],
  roundGlyph?: RoundGlyphKind,
  freeGlyph?: string,
): { id: string | null; ambiguous: boolean } {
  if (reading?.rule.format !== 'sbp_id') {
    return { id: reading?.value?.kind === 'text' ? reading.value.value : null, ambiguous: false }
  }
  if (textSource === 'ocr') {
    const rows = reading.cells.map((c) => c.raw)
    const repaired =
      repairSbpId(reading.raw, roundGlyph, freeGlyph) ??
      rows
        .slice(1)
        .map((_, k) => repairSbpId(rows.slice(0, k + 1).join(''), roundGlyph, freeGlyph))
        .find((r) => r !== null)
    if (repaired) return { id: repaired.id, ambiguous: repaired.ambiguous }
  }
  const id = reading.value?.kind === 'text' ? reading.value.value : null
  // An image's id that the format could not account for (a letter left in the tail) is not trusted.
  return { id, ambiguous: textSource === 'ocr' && id !== null }
}

/**
 * A person's (or payer organisation's) name read from a picture, and how sure the picture can make it:
 * - a word is put in the script its own letters decide (`Kyз` → `Куз`), and a word whose every letter has a
 *   twin in the other script (`ООО`, `Е.`) takes the script of the rest of the name (`Saidov К.` → `Saidov K.`);
 * - when no letter of the name decides (`А. В.`, `Т2`), nothing on the page does: it is put in the receipt's
 *   language (every such name in the development receipts is Cyrillic) and kept at 0.85;
 * - initials only (`А. З.`): tesseract reads a lone capital of a small font badly (in a test of 13 Latin
 *   pairs on Alfa's layout, 12 came back wrong, one at 0.91), so such a name stays at 0.6;
 * - an initial read as a digit after a name word (`Александрович 3.`, the initial wrapped to a line of its
 *   own, where words-to-runs had no word before it), or after its initials (`Пет****а С. 0.`,
 *   `Мор****в 0. 0.`), is the letter it pictures in the script of that word (ocr/read-ocr-word.ts);
 * - a name bearing a mark of a misreading (a digit initial `9.`, a stray sign, a letter inside a mask:
 *   ocr/name-shape.ts) is certainly not what was printed: 0.5, whatever the engine's confidence.
 * - a lower-case letter and a point after a name word (`Алексеевич у.`, `Rakhimov l.`) is a capital
 *   initial read at x-height (`initialOfLowercase`);
 * - an initial after a name word whose point a photo's blur drew with a tail (`Мор****в А, Д.`) is an
 *   initial: a name has no comma after a lone capital;
 * - a mask keeps the case of the word it hides: after a lower-case head (`Сми****В`), a Cyrillic capital
 *   is its lower-case letter, which most Cyrillic letters draw as a small capital (`в`, `н`, `к`, `м`, `т`)
 *   and the engine may read at the capital's size;
 * - a name printed in capitals whose last word is three or more capitals and a point (`ОЛЬГА ИВАНОВНАН.`)
 *   is a word and its initial whose gap the engine missed (Gazprombank prints `ИМЯ ОТЧЕСТВО Ф.`): a point
 *   in a name follows only an initial, and no name word ends with one (a name of capitals stays at 0.6 anyway);
 * - `ИМЯ ОТЧЕСТВО Ф.` read with three words before the initial, the last a patronymic, had a gap read inside
 *   the given name or the patronymic (`ДАРЬЯ АЛЕКСАН ДРОВНА И.`): the split word is joined (`joinSplitGivenName`);
 * - a `%` touching a mask's run (`Вол***%а`, the Russian model) is an asterisk: no name prints `%`, and the
 *   stars' recount (ocr/mask-word.ts) takes it for one too (`+` and `#` are left as marks: not seen here).
 */
/** A Cyrillic masked word with a lower-case head (`Сми****В`): the letters after its run are lower case. */
const capitalTail = /^([А-ЯЁ][а-яё]+\*+)([А-ЯЁ]+)$/

/** A `%` beside a `*`. */
const percentInRun = /(?<=\*)%|%(?=\*)/g

/** `ИМЯ ОТЧЕСТВОФ.`: words of capitals, the last one glued to its initial. */
const gluedInitial = /^((?:\p{Lu}+\s+)+\p{Lu}{2,})(\p{Lu})\.$/u

/** A patronymic's ending (`-овна`, `-евна`, `-ична`, `-ович`, `-евич`, `-ич`), any case. */
const patronymicEnd = /(?:ОВНА|ЕВНА|ИЧНА|ОВИЧ|ЕВИЧ|ИЧ)$/i

/**
 * `ДАРЬЯ АЛЕКСАН ДРОВНА И.`: a name that ends with the surname's initial is `ИМЯ ОТЧЕСТВО Ф.` (Gazprombank,
 * VTB), two words before the initial. Three, the last ending as a patronymic and the one before it not, are
 * the given name and the patronymic with a gap the engine read inside one of them (a wide letter, a photo's
 * blur). A patronymic is a father's given name and its ending: one whose head is under three letters
 * (`ДР|ОВНА`) is the split tail of the patronymic, joined to the word before; else the given name was split
 * (`АЛЕКСАН ДР ОЛЕГОВИЧ`), its two parts joined. A double given name before an initial is not expected.
 */
function joinSplitGivenName(name: string): string {
  const words = name.split(' ')
  if (words.length !== 4 || !/^\p{Lu}\.$/u.test(words[3]!)) return name
  const [a, b, c] = words as [string, string, string]
  if (![a, b, c].every((w) => /^\p{L}+$/u.test(w)) || patronymicEnd.test(b) || !patronymicEnd.test(c))
    return name
  const head = c.replace(patronymicEnd, '')
  return head.length < 3 ? `${a} ${b}${c} ${words[3]}` : `${a}${b} ${c} ${words[3]}`
}

/** `А,` after a name word (a letter, the word before it one of letters) is the initial `А.`. */
function initialOfComma(word: string, previousWord: string | undefined): string | null {
  if (!previousWord || !/\p{L}/u.test(previousWord)) return null
  const initial = /^(\p{Lu}),$/u.exec(word)
  return initial ? `${initial[1]}.` : null
}

/**
 * The name word a digit initial follows, past the initials between them (`Пет****а С. 0.`: the second
 * initial is the word's too), a mask's stars left out (the word's letters decide its script).
 */
function nameWordBefore(words: readonly string[], i: number): string | undefined {
  for (let j = i - 1; j >= 0; j--) {
    const word = words[j]!
    if (!/^[\p{Lu}\d©][.,:]$/u.test(word)) return word.replace(/\*+/g, '')
  }
  return undefined
}

/**
 * `у.` after a name word is the initial `У.`: an initial is a capital, and a Cyrillic capital drawn as its
 * small letter enlarged (`У`, `К`, `Э`) is read at x-height now and then; a Latin `l.` is the `I.` it pictures.
 */
function initialOfLowercase(word: string, previousWord: string | undefined): string | null {
  if (!previousWord || !/^\p{Lu}\p{Ll}+$/u.test(previousWord)) return null
  const initial = /^(\p{Ll})\.$/u.exec(word)
  if (!initial) return null
  return initial[1] === 'l' ? 'I.' : `${initial[1]!.toUpperCase()}.`
}

export function readImageName(read: string, language: string | null): { text: string; confidence: number } {
  const words = read
    .split(' ')
    .map(
      (word, i, words) =>
        initialOfDigit(word, nameWordBefore(words, i)) ??
        initialOfComma(word, words[i - 1]) ??
        initialOfLowercase(word, words[i - 1]) ??
        word,
    )
    .map((word) => word.replace(percentInRun, '*'))
    .join(' ')
  const glued = gluedInitial.exec(words)
  const text = joinSplitGivenName(glued ? `${glued[1]} ${glued[2]}.` : words)
  const initialsOnly = /^(\p{Lu}\.?\s*)+$/u.test(text.trim())
  const decided = scriptOf(text)
  const script = decided ?? (language === 'ru' ? 'cyrillic' : null)
  const written = script
    ? text
        .split(' ')
        .map((word) =>
          toScript(word, scriptOf(word) ?? script).replace(
            capitalTail,
            (_, head: string, tail: string) => head + tail.toLowerCase(),
          ),
        )
        .join(' ')
    : text
  const undecided = /\p{L}/u.test(text) && !decided
  const confidence = !nameWellFormed(written) ? 0.5 : initialsOnly ? 0.6 : undecided ? 0.85 : 0.98
  return { text: written, confidence }
}

export function buildFields(input: BuildInput): BuiltFields {
  const sink: FieldSink = {
    readings: input.readings,
    scale: input.scale,
    fields: {
      ...emptyFields(),
      type: input.type,
      source: input.hasText ? (input.textSource ?? 'pdf_text') : 'none',
      language: input.language,
    },
    confidence: {},
    sources: {},
  }
  if (input.type) sink.confidence['type'] = Math.round(0.99 * input.scale * 100) / 100
  setMoneyFields(sink, input)
  setStatusAndBank(sink, input)
  setTextFields(sink, input)
  const numbers = setNumbers(sink, input)
  const { paidAt, printed } = setPaidAt(sink, input, numbers.sbpRead)
  // On an image, an id whose encoded time disagrees with the printed time (or reads as a hold) was most likely
  // misread — unless the printed time was the shaky reading and the id's time was taken (`preferSureId`).
  if (
    numbers.sbpId &&
    input.textSource === 'ocr' &&
    (paidAt.sbpIdConsistent === false || paidAt.sbpIdHeldSeconds !== null) &&
    paidAt.source !== 'receipt_number' &&
    sink.confidence['receipt_number']
  ) {
    sink.confidence['receipt_number'] = Math.min(sink.confidence['receipt_number'], 0.85)
  }
  sink.fields.confidence = sink.confidence
  return { fields: sink.fields, paidAt, sbpId: numbers.sbpId, printed, sources: sink.sources }
}

/** `amount` with the `currency` it prints (else the variant's or the bank's), and `commission`. */
function setMoneyFields(sink: FieldSink, input: BuildInput): void {
  const { readings, constants } = input
  const amount = money(readings.amount, input.amountSign)
  if (amount.value?.kind === 'money') {
    const { value, currency: printed } = amount.value.money
    setField(sink, 'amount', value, capped(sink, 'amount', amount.ambiguous ? 0.8 : 0.99))
    const currency = printed ?? constants.currency ?? input.defaultCurrency
    setField(sink, 'currency', currency, printed ? 0.99 : 0.9, printed ? ['amount'] : [])
  }
  const commission = money(readings.commission, input.amountSign, true)
  if (commission.value?.kind === 'money') {
    setField(sink, 'commission', commission.value.money.value, commission.ambiguous ? 0.8 : 0.99)
  }
}

/** `status_ok` and `bank`, read or stated by the variant. */
function setStatusAndBank(sink: FieldSink, input: BuildInput): void {
  const { readings, constants } = input
  const status = readings.status_ok?.value
  if (status?.kind === 'status') setField(sink, 'status_ok', status.ok, 0.99)
  else if (constants.status_ok !== undefined) setStated(sink, 'status_ok', constants.status_ok, 0.9)

  const bank = readings.bank?.value
  if (bank?.kind === 'bank') setField(sink, 'bank', bank.value, bank.canonical ? 0.99 : 0.9)
  else if (constants.bank === 'issuer') setStated(sink, 'bank', input.issuerBank, 0.95)
  else if (constants.bank) setStated(sink, 'bank', constants.bank, 0.95)
}

/** Names, the recipient's account and the purpose; on an image, names and masked numbers are repaired. */
function setTextFields(sink: FieldSink, input: BuildInput): void {
  for (const name of textFields) {
    const value = input.readings[name]?.value
    if (value?.kind !== 'text') continue
    if (input.textSource === 'ocr' && nameFields.has(name)) {
      const imageName = readImageName(value.value, input.language)
      setField(sink, name, imageName.text, capped(sink, name, imageName.confidence))
    } else if (input.textSource === 'ocr' && name === 'recipient_account') {
      // A masked card or account whose stars OCR misread (ocr/masked-number.ts): rewritten, a guess.
      const masked = readMaskedNumber(value.value)
      setField(sink, name, masked, capped(sink, name, masked === value.value ? 0.98 : 0.85))
    } else setField(sink, name, value.value, capped(sink, name, 0.98))
  }
}

/** `receipt_number` and `payment_reference`; returns the SBP id as read. */
function setNumbers(
  sink: FieldSink,
  input: BuildInput,
): { sbpId: string | null; sbpRead: { id: string | null; ambiguous: boolean } } {
  const { readings } = input
  const sbpRead = sbpIdOf(
    readings.receipt_number,
    input.textSource,
    input.sbpIdRoundGlyph,
    input.sbpIdFreeGlyph,
  )
  const sbpId = sbpRead.id
  const referenceRead = readings.payment_reference
  const referenceValue = referenceRead?.value?.kind === 'text' ? referenceRead.value.value : null
  // On an image, the digit positions of a documented operation-number shape are repaired (ocr/repair-sbp-id.ts).
  const reference =
    referenceValue && input.textSource === 'ocr' && referenceRead
      ? repairOperationNumber(referenceRead.raw, input.referenceOpensWithLetter)
      : referenceValue
  // receipt_number is the SBP id where printed, else the bank's own number; payment_reference is always the
  // bank's own operation/receipt number when one is printed (it may then equal receipt_number).
  if (sbpId) setField(sink, 'receipt_number', sbpId, sbpRead.ambiguous ? 0.85 : 0.99)
  else if (reference) setField(sink, 'receipt_number', reference, 0.97, ['payment_reference'])
  if (reference) setField(sink, 'payment_reference', reference, 0.97)
  return { sbpId, sbpRead }
}

/** `paid_at` and its source, from the printed time and the SBP id's. */
function setPaidAt(
  sink: FieldSink,
  input: BuildInput,
  sbpRead: { id: string | null; ambiguous: boolean },
): { paidAt: PaidAt; printed: BuiltFields['printed'] } {
  const printedValue = input.readings.paid_at?.value
  const printed =
    printedValue?.kind === 'datetime' ? { local: printedValue.local, text: printedValue.text } : null
  const resolved = resolvePaidAt({
    printed: printed?.local ?? null,
    sbpId: sbpRead.id,
    window: input.sbpIdWindow,
  })
  const paidAt =
    input.textSource === 'ocr'
      ? preferSureId(resolved, {
          printed: readConfidence(sink, 'paid_at'),
          id: readConfidence(sink, 'receipt_number'),
          idAmbiguous: sbpRead.ambiguous,
        })
      : resolved
  // The id's time taken over a shaky printed one (`preferSureId`) is the id's reading alone.
  const paidFrom: FieldName[] =
    paidAt !== resolved
      ? ['receipt_number']
      : paidAt.source === 'receipt_number'
        ? ['paid_at', 'receipt_number']
        : ['paid_at']
  setField(sink, 'paid_at', paidAt.paidAt, paidAt.confidence, paidFrom)
  if (sink.fields.paid_at) setField(sink, 'paid_at_source', paidAt.source, paidAt.confidence, paidFrom)
  return { paidAt, printed }
}
