/**
 * Synthetic checks for the console's tests: receipts from packages/generator (a forged PDF made with the
 * toolkit's `white_box_overlay`, and a screenshot picture of a genuine one), verified in-process by the
 * same core the services run, stored as the pipeline stores them (file in S3, record in MongoDB).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultProfile, runCheckDetailed } from '@rv/core'
import { pictureTechniques, techniqueById } from '@rv/forgery'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { readImage } from '@rv/ocr'
import type { CheckExtractedV1, CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { contentKey, type FileStorage, sha256Hex } from '@rv/storage'
import type { Store } from '@rv/store'
import { resultEvent } from '../../aggregator/src/to-aggregate-event'

export interface StoredCheck {
  record: CheckRecord
  bytes: Uint8Array
}

/** A VTB receipt whose amount was covered by a white box and redrawn (content.covered_text fails). */
export async function forgedPdf(seed: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  const dir = mkdtempSync(join(tmpdir(), 'rv-console-forge-'))
  try {
    const forged = await techniqueById('white_box_overlay')!.apply(
      { bytes: pdf, family: 'vtb', filename },
      { tmpDir: dir },
    )
    if (!forged.ok) throw new Error(`white_box_overlay skipped: ${forged.skipped}`)
    return { bytes: forged.bytes, filename }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A genuine VTB receipt (PDF) and the same page as a clean picture (PNG at 150 dpi, the whole page). */
export async function genuinePdfAndPicture(seed: string): Promise<{
  pdf: { bytes: Uint8Array; filename: string }
  picture: { bytes: Uint8Array; filename: string }
}> {
  const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  const image = await renderReceiptImage(pdf, 'clean', seed)
  return { pdf: { bytes: pdf, filename }, picture: { bytes: image.bytes, filename: `${seed}.png` } }
}

/**
 * A VTB receipt whose amount was lengthened by a digit typed from its old left edge (the forgery package's
 * `amount_lengthened_left_kept`), as a clean picture: the amount overshoots the right margin, so
 * `image.value_alignment` fails on it. Also the forged PDF, to read where its amount is drawn.
 */
export async function forgedPicture(seed: string): Promise<{
  pdf: Uint8Array
  picture: { bytes: Uint8Array; filename: string }
}> {
  const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  const technique = pictureTechniques.find((t) => t.id === 'amount_lengthened_left_kept')!
  const dir = mkdtempSync(join(tmpdir(), 'rv-console-forge-'))
  try {
    const forged = await technique.apply({ bytes: pdf, family: 'vtb', filename }, { tmpDir: dir })
    if (!forged.ok) throw new Error(`amount_lengthened_left_kept skipped: ${forged.skipped}`)
    const image = await renderReceiptImage(forged.bytes, 'clean', seed)
    return { pdf: forged.bytes, picture: { bytes: image.bytes, filename: `${seed}.png` } }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A genuine VTB receipt as a phone screenshot (PNG): pictures go to review. */
export async function screenshot(seed: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const { pdf } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  const image = await renderReceiptImage(pdf, 'screenshot', seed)
  return { bytes: image.bytes, filename: `${seed}.png` }
}

/** Verifies the file and stores it the way gateway + aggregator do; returns the finished record. */
export async function storeCheck(
  deps: { store: Store; storage: FileStorage; bucket: string },
  check: {
    id: string
    tenantId: string
    bytes: Uint8Array
    filename: string
    contentType: string
    now: Date
  },
): Promise<StoredCheck> {
  const { record, extraction } = await runCheckDetailed({
    bytes: check.bytes,
    filename: check.filename,
    expectation: { currency: 'RUB' } as never,
    tenantId: check.tenantId,
    profile: defaultProfile,
    now: check.now,
    checkId: check.id,
    readImage: (bytes) => readImage(bytes),
  })
  const sha256 = sha256Hex(check.bytes)
  await deps.storage.put(contentKey(sha256), check.bytes, check.contentType)
  const file = {
    bucket: deps.bucket,
    key: contentKey(sha256),
    sha256,
    size: check.bytes.byteLength,
    content_type: check.contentType,
    filename: check.filename,
  }
  const pending = { ...record, status: 'pending', recommendation: null } as CheckRecord
  await deps.store.checks.insertPending(pending, {
    check_id: check.id,
    tenant_id: check.tenantId,
    file,
    expectation: { currency: 'RUB' },
  })
  // The extraction slot as the aggregator stores it from check.extracted.v1 (with where each field was read).
  const submission = {
    check_id: check.id,
    tenant_id: check.tenantId,
    created_at: record.created_at,
    file,
    expectation: { currency: 'RUB' },
    profile: { name: defaultProfile.name, version: 1 },
    mode: record.mode,
  } as CheckSubmittedV1
  const extracted: CheckExtractedV1 = {
    check_id: check.id,
    tenant_id: check.tenantId,
    submission,
    extraction: extraction && {
      family: extraction.family,
      fields: extraction.fields,
      normalized_text_sha256: '0'.repeat(64),
      facts: { ...extraction.facts },
    },
    ...(extraction?.fieldLocations?.length ? { field_locations: extraction.fieldLocations } : {}),
  }
  const { stage, event } = resultEvent({ topic: 'check.extracted.v1', value: extracted })
  await deps.store.checks.insertStage(
    check.id,
    stage,
    event,
    submission as unknown as Record<string, unknown>,
  )
  await deps.store.checks.writeRecord(record)
  return { record, bytes: check.bytes }
}
