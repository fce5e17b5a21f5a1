/**
 * The facts extraction hands to later stages (authenticity reads them; docs/extraction.md lists every key).
 * Only scalars. Values that identify people are not repeated here beyond what `fields` already carries,
 * except the raw SBP id and operation number, which authenticity decodes.
 */
import type { PdfModel } from '../../vocabulary/pdf-model'
import { formatLocal, moscowToEpochMs, toIsoUtc } from '../../vocabulary/time/moscow-time'
import type { BuiltFields } from './build-fields'
import type { FieldReading } from './read-family-fields'

export type Facts = Record<string, string | number | boolean | null>

export interface FactsInput {
  model: PdfModel
  family: string
  recognition: {
    family: string
    variant: string
    title: string
    labelCoverage: number
    producerMatches: boolean
    anchorFound: boolean
  } | null
  built: BuiltFields
  readings: Record<string, FieldReading | undefined>
  generated: FieldReading | undefined
  lineCount: number
  /** The issuing bank: the family's, or the first bank an unknown document names (generic-bank.ts). */
  issuerBank: string | null
}

export function buildFacts(input: FactsInput): Facts {
  const { model, built, recognition } = input
  const facts: Facts = {
    family: input.family,
    family_name: recognition?.family ?? null,
    variant: recognition?.variant ?? null,
    title: recognition?.title ?? null,
    family_label_coverage: recognition ? round(recognition.labelCoverage) : null,
    family_producer_matches: recognition?.producerMatches ?? null,
    family_anchor_found: recognition?.anchorFound ?? null,
    issuer_bank: input.issuerBank,
    page_count: model.pages.length,
    page_width: model.pages[0] ? round(model.pages[0].width) : null,
    page_height: model.pages[0] ? round(model.pages[0].height) : null,
    run_count: model.runs.length,
    ...textQuality(model),
    line_count: input.lineCount,
    printed_time_text: built.printed?.text ?? null,
    printed_time_msk: built.printed ? formatLocal(built.printed.local) : null,
    printed_time_utc: built.printed ? toIsoUtc(moscowToEpochMs(built.printed.local)) : null,
    printed_time_precision: built.printed
      ? built.printed.local.second === null
        ? 'minute'
        : 'second'
      : null,
    sbp_id: built.sbpId,
    sbp_id_time_utc: built.paidAt.sbpIdTime,
    sbp_id_delta_seconds: built.paidAt.sbpIdDeltaSeconds,
    sbp_id_consistent: built.paidAt.sbpIdConsistent,
    sbp_id_held_seconds: built.paidAt.sbpIdHeldSeconds,
    operation_number: operationNumber(input.readings['payment_reference']),
    generated_at_text: null,
    generated_at_msk: null,
  }
  const generated = input.generated?.value
  if (generated?.kind === 'datetime') {
    facts['generated_at_text'] = generated.text
    facts['generated_at_msk'] = formatLocal(generated.local)
  }
  for (const [name, reading] of Object.entries(input.readings)) {
    if (!reading) continue
    const label = reading.label?.cells[0]
    if (label) {
      facts[`label.${name}.x`] = round(label.x)
      facts[`label.${name}.y`] = round(label.y)
    }
    const first = reading.cells[0]
    if (first && reading.cells !== reading.label?.cells) {
      facts[`value.${name}.x`] = round(Math.min(...reading.cells.map((c) => c.x)))
      facts[`value.${name}.right`] = round(Math.max(...reading.cells.map((c) => c.right)))
      facts[`value.${name}.y`] = round(first.y)
      facts[`value.${name}.size`] = round(first.size)
      facts[`value.${name}.lines`] = new Set(reading.cells.map((c) => c.y)).size
    }
  }
  return facts
}

/** Re-encoded or recombined text (a Ghostscript re-save, glyph soup) shows as control or U+FFFD characters. */
function textQuality(model: PdfModel): Facts {
  let chars = 0
  let control = 0
  let replacement = 0
  for (const run of model.runs) {
    for (const ch of run.text) {
      chars++
      const code = ch.codePointAt(0) ?? 0
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) control++
      else if (code === 0xfffd) replacement++
    }
  }
  return { text_chars: chars, text_control_chars: control, text_replacement_chars: replacement }
}

function operationNumber(reading: FieldReading | undefined): string | null {
  return reading?.value?.kind === 'text' ? reading.value.value : null
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}
