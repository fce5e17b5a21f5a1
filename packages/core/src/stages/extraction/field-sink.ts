/**
 * Where `buildFields` puts what it reads: the record's `fields`, a confidence per set field, and the readings
 * each was read from. A field's confidence is the rule's, times the family's `scale`, times how sure OCR was of
 * the words it came from.
 */
import type { ReceiptFields } from '@rv/schemas'
import type { FieldName } from '../../vocabulary/family-definition'
import type { Readings } from './read-family-fields'

export interface FieldSink {
  readonly readings: Readings<FieldName>
  readonly scale: number
  readonly fields: ReceiptFields
  readonly confidence: Record<string, number>
  readonly sources: Partial<Record<keyof ReceiptFields, FieldName[]>>
}

/** A field read by OCR is only as sure as the engine was of the words it came from. */
export function readConfidence(sink: FieldSink, ...names: FieldName[]): number {
  return Math.min(1, ...names.flatMap((n) => sink.readings[n]?.cells ?? []).map((c) => c.confidence ?? 1))
}

/** Sets a field (nothing for null) with its confidence and the readings it came from. */
export function setField<K extends keyof ReceiptFields>(
  sink: FieldSink,
  name: K,
  value: ReceiptFields[K],
  c: number,
  from: FieldName[] = name in sink.readings ? [name as FieldName] : [],
): void {
  if (value === null || value === undefined) return
  sink.fields[name] = value
  sink.confidence[name] = Math.round(Math.min(1, c * sink.scale * readConfidence(sink, ...from)) * 100) / 100
  sink.sources[name] = from.filter((n) => sink.readings[n])
}

/** A value the variant states by its nature was read nowhere on the page (its confidence is setField's). */
export function setStated<K extends keyof ReceiptFields>(
  sink: FieldSink,
  name: K,
  value: ReceiptFields[K],
  c: number,
): void {
  setField(sink, name, value, c)
  delete sink.sources[name]
}

/** A rule may cap the confidence of what it reads (a label that only approximates the field). */
export function capped(sink: FieldSink, name: FieldName, c: number): number {
  return Math.min(c, sink.readings[name]?.rule.confidence ?? 1)
}
