/**
 * A family is one bank's receipt template, described as data (`<family>/family.json`), never as code:
 * how to recognise it, where each field's value sits relative to its label, and how the value is written.
 * Adding a bank means adding a definition (and samples), not an extractor. See docs/extraction.md.
 */
import type { TransferType } from '@rv/schemas'
import type { ReadableFieldName } from './field-names'

/** How a value is written, i.e. which parser reads it. */
export type FieldFormat =
  | 'amount'
  | 'commission'
  | 'datetime'
  | 'sbp_id'
  | 'status'
  | 'bank'
  | 'name'
  | 'text'
  | 'reference'
  /** A salary credit's payer text: the organisation (legal form + quoted name) that opens it. */
  | 'organisation'
  /** The same text after the organisation: the purpose. */
  | 'after_organisation'

/**
 * Where values sit relative to labels. `right`: on the label's row, right of it (VTB, T-Bank, Ozon);
 * `below`: on the next line, in the label's column (Alfa's grid, Gazprombank).
 */
export type ValueLayout = 'right' | 'below'

/** The record fields a rule may fill. */
export type FieldName = ReadableFieldName

/** Facts-only values a family may read for authenticity (e.g. Alfa's «Сформирована»). */
export type ExtraName = 'generated_at'

export interface FieldRule {
  /** Label texts, any of which introduces the value (compared case-folded, `ё` = `е`, trailing `:` ignored). */
  labels: string[]
  format: FieldFormat
  /**
   * `label`: value found from the label (default). `inline`: label and value share one run
   * (`Квитанция № 1-…`). `anywhere`: no label; the first line on the page that parses with the format
   * (T-Bank prints the date unlabelled at the top). `heading`: no label; the centred lines between the title
   * and the first label row, read as one paragraph (VTB salary: payer and purpose).
   */
  locate?: 'label' | 'inline' | 'anywhere' | 'heading'
  /**
   * Printed in only some layouts of the variant (VTB's two abroad layouts, Alfa's three): read when
   * present, but its absence does not lower the recognition coverage.
   */
  optional?: boolean
  /** Upper bound on the confidence of values this rule reads (for labels that only approximate the field). */
  confidence?: number
  /** Tried when this rule's label is absent (e.g. Alfa's debit total when no transfer amount is printed). */
  fallback?: FieldRule
}

/** Values a variant states by its nature rather than prints (documented per family in docs/extraction.md). */
export interface FieldConstants {
  /** `issuer`: the family's own bank (intra-bank transfers, incoming credits). */
  bank?: 'issuer' | string
  status_ok?: boolean
  currency?: string
}

export interface VariantDefinition {
  variant: string
  /** Alternatives; each is a list of lines that must all appear as whole lines near the top of the page. */
  titles: string[][]
  type: TransferType
  fields: Partial<Record<FieldName, FieldRule>>
  constants?: FieldConstants
}

export interface FamilyDefinition {
  family: string
  /** Canonical id of the issuing bank (sberbank, vtb, alfabank, tbank, gazprombank, ozonbank, ...). */
  issuerBank: string
  recognise: {
    /** Producer values (regular expressions) the genuine files carry: supporting evidence, recorded in facts. */
    producer: string[]
    /** Lines whose presence supports the family (stamps, footers); any one suffices. */
    anchors: string[]
  }
  layout: ValueLayout
  time: {
    /** Precision of the printed operation time. */
    precision: 'second' | 'minute'
    /** Accepted SBP-id time minus printed time (start of the printed unit), in seconds: [min, max]. */
    sbpIdWindow: [number, number]
  }
  /** Default currency of amounts printed without a unit. */
  currency: string
  /**
   * What differs when the receipt arrives as a picture. `amountSign`: every amount is printed followed by
   * this sign (`₽`), which OCR has no glyph for and reads as `P`, `?`, `°` or a trailing `2` — so on an image
   * a trailing lookalike of it is the sign, not a digit; `RUR` (Alfa): a misread three-capital code after an
   * amount is that code (extraction/repair-amount-sign.ts). `referenceOpensWithLetter` (Alfa): the bank's
   * operation number is a capital and 15 digits, so a digit read first is the capital it resembles.
   */
  image?: { amountSign?: '₽' | 'RUR'; referenceOpensWithLetter?: boolean }
  /** Labels the template prints but no rule reads: values stop at them, and documentation lists them. */
  otherLabels?: string[]
  /** Rules shared by every variant; a variant's own rule for the same field wins. */
  fields: Partial<Record<FieldName, FieldRule>>
  extras?: Partial<Record<ExtraName, FieldRule>>
  variants: VariantDefinition[]
}
