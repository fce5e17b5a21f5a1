/**
 * `extractReceipt(model)`: recognise the family, read its fields by the family's data, normalise them, and
 * collect the facts later stages need. Unrecognised documents get generic, low-confidence extraction and
 * the family `unknown` — or `<family>/unknown` when the bank's producer and stamp or name still tell the
 * family (families/recognise-issuer-family.ts).
 */

import type { RoundGlyphKind } from '../../readers/ocr/repair-sbp-id'
import type { PdfModel } from '../../vocabulary/pdf-model'
import type { ExtractionResult } from '../../vocabulary/stage-contracts'
import { buildLines, type Line, linesToText } from '../../vocabulary/text/text-lines'
import { type FamilyDefinition, families } from '../families'
import { type Recognition, recogniseFamily } from '../families/recognise-family'
import { recogniseIssuerFamily, unknownVariant } from '../families/recognise-issuer-family'
import { buildFacts } from './build-facts'
import { buildFields, detectLanguage } from './build-fields'
import { genericScale, readGenericFields } from './extract-generic'
import { locateFields } from './field-locations'
import { readGenericBanks } from './generic-bank'
import { readFamilyFields } from './read-family-fields'
import { defaultSbpIdWindows } from './resolve-paid-at'

export interface ExtractOptions {
  /** Families to recognise (default: every shipped family). Benchmarks pass none to measure generic reading. */
  families?: readonly FamilyDefinition[]
  /** `ocr` when the runs were read from an image (see extract-image-receipt.ts). */
  textSource?: 'pdf_text' | 'ocr'
  /** On an image: the SBP id's round glyph at position 16 as its pixels showed it (OcrPage). */
  sbpIdRoundGlyph?: RoundGlyphKind
  /** On an image: the SBP id's glyph at position 16 as its shape decided it (OcrPage). */
  sbpIdFreeGlyph?: string
}

/**
 * @example
 * const result = extractReceipt(await parsePdf(bytes))
 * result.family // 'vtb/sbp_outgoing'
 * result.fields.amount // 600
 */
export function extractReceipt(model: PdfModel, options: ExtractOptions = {}): ExtractionResult {
  const lines = buildLines(model.runs)
  const page: ReadPage = { model, lines, normalizedText: linesToText(lines) }
  const recognition = recogniseFamily(lines, model.info['Producer'], options.families ?? families)
  return recognition ? extractFamily(page, recognition, options) : extractUnrecognised(page, options)
}

/** A parsed page as the extraction reads it: its lines and its text. */
interface ReadPage {
  model: PdfModel
  lines: Line[]
  normalizedText: string
}

/** A recognised family's variant: its fields read by the family's rules. */
function extractFamily(page: ReadPage, recognition: Recognition, options: ExtractOptions): ExtractionResult {
  const { model, lines, normalizedText } = page
  const { family, variant } = recognition
  const { fields: readings, extras } = readFamilyFields(lines, family, variant.fields, recognition.title)
  const built = buildFields({
    readings,
    constants: variant.constants ?? {},
    issuerBank: family.issuerBank,
    defaultCurrency: family.currency,
    type: variant.type,
    sbpIdWindow: family.time.sbpIdWindow,
    // A variant recognised with some labels missing is not trusted at full confidence.
    scale: recognition.labelCoverage === 1 ? 1 : 0.85,
    hasText: true,
    textSource: options.textSource ?? 'pdf_text',
    sbpIdRoundGlyph: options.sbpIdRoundGlyph,
    sbpIdFreeGlyph: options.sbpIdFreeGlyph,
    ...(options.textSource === 'ocr' && family.image?.amountSign
      ? { amountSign: family.image.amountSign }
      : {}),
    ...(options.textSource === 'ocr' && family.image?.referenceOpensWithLetter
      ? { referenceOpensWithLetter: true }
      : {}),
    language: detectLanguage(normalizedText),
  })
  const name = `${family.family}/${variant.variant}`
  const facts = buildFacts({
    model,
    family: name,
    recognition: {
      ...recognition,
      family: family.family,
      variant: variant.variant,
      title: recognition.title.join(' / '),
    },
    built,
    readings,
    generated: extras.generated_at,
    lineCount: lines.length,
    issuerBank: family.issuerBank,
  })
  const fieldLocations = locateFields(built.sources, readings, model.pages)
  return { family: name, fields: built.fields, normalizedText, facts, fieldLocations }
}

/** No family recognised: generic reading, the family kept (variant `unknown`) when the issuer still tells it. */
function extractUnrecognised(page: ReadPage, options: ExtractOptions): ExtractionResult {
  const { model, lines, normalizedText } = page
  const readings = readGenericFields(lines)
  const banks = readGenericBanks(lines, readings)
  // A page of a known bank in a variant no one has described keeps its family (variant `unknown`).
  const byIssuer = recogniseIssuerFamily(
    lines,
    model.info['Producer'],
    banks.issuerBank,
    options.families ?? families,
  )
  const issuer = byIssuer?.family
  const name = issuer ? `${issuer.family}/${unknownVariant}` : 'unknown'
  const built = buildFields({
    readings,
    constants: banks.impliedBank ? { bank: banks.impliedBank } : {},
    issuerBank: issuer?.issuerBank ?? banks.issuerBank,
    defaultCurrency: null,
    type: null,
    sbpIdWindow: defaultSbpIdWindows.minute,
    scale: genericScale,
    hasText: model.runs.length > 0,
    textSource: options.textSource ?? 'pdf_text',
    sbpIdRoundGlyph: options.sbpIdRoundGlyph,
    sbpIdFreeGlyph: options.sbpIdFreeGlyph,
    language: detectLanguage(normalizedText),
  })
  const facts = buildFacts({
    model,
    family: name,
    recognition: issuer
      ? {
          family: issuer.family,
          variant: unknownVariant,
          title: '',
          labelCoverage: 0,
          producerMatches: true,
          anchorFound: byIssuer?.anchorFound ?? false,
        }
      : null,
    built,
    readings,
    generated: undefined,
    lineCount: lines.length,
    issuerBank: issuer?.issuerBank ?? banks.issuerBank,
  })
  const fieldLocations = locateFields(built.sources, readings, model.pages)
  return { family: name, fields: built.fields, normalizedText, facts, fieldLocations }
}
