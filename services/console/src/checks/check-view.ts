import { explainCheck } from '@rv/core'
import type { CheckRecord, FieldLocation } from '@rv/schemas'
import type { CheckDecisionDocument } from '@rv/store'

interface SubmittedFile {
  content_type?: string
  filename?: string
  size?: number
  sha256?: string
}

/**
 * What the check view shows, from the record (never changed), the submission (expectation, file) and the
 * decisions so far. Failed checks first, each with its evidence boxes (a picture check's: where the fields it
 * judges were read); the fields beside the expectation,
 * each with where it was read on the page (`locations`, from the extraction slot; empty when not known).
 */
export function toCheckView(
  record: CheckRecord,
  submission: { expectation?: Record<string, unknown>; file?: SubmittedFile },
  decisions: readonly CheckDecisionDocument[],
  locations: readonly FieldLocation[] = [],
) {
  const checks = record.document.checks
    // A picture check's boxes are the places of the fields it judges (core review/picture-evidence.ts).
    .map((c) => explainCheck(c, record.document.family, locations))
    // Failed first; among them the ones with a place on the page, then hard before soft.
    .sort(
      (a, b) =>
        Number(a.passed) - Number(b.passed) ||
        Number(b.boxes.length > 0) - Number(a.boxes.length > 0) ||
        Number(b.hard) - Number(a.hard),
    )
  const confidence = record.fields.confidence as Record<string, number | null> | null
  const fields = Object.entries(record.fields)
    .filter(([name]) => !['confidence', 'source', 'language'].includes(name))
    .map(([name, value]) => ({
      name,
      value,
      expected: submission.expectation?.[name] ?? null,
      confidence: confidence?.[name] ?? null,
      locations: value === null ? [] : locations.filter((l) => l.field === name),
    }))
  const file = submission.file ?? {}
  return {
    record,
    checks,
    fields,
    match: record.match,
    expectation: submission.expectation ?? null,
    replay: record.replay,
    file: {
      content_type: file.content_type ?? null,
      filename: file.filename ?? null,
      size: file.size ?? null,
      sha256: file.sha256 ?? null,
      producer: record.document.checks.find((c) => c.name === 'generator.producer')?.detail ?? null,
      fonts: record.document.checks.find((c) => c.name === 'fonts.set')?.detail ?? null,
      dates: record.document.checks.find((c) => c.name === 'generator.date_fields')?.detail ?? null,
    },
    decisions: decisions.map(({ _id, tenant_day, ...d }) => d),
  }
}
