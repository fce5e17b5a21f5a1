/** Test input shared by the authenticity integration tests: a receipt put in S3 and its bus event. */
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import type { CheckExtractedV1 } from '@rv/schemas'
import { contentKey, type FileStorage, sha256Hex } from '@rv/storage'

/**
 * Stores `pdf` content-addressed and returns the check.extracted.v1 event the extraction stage would
 * publish for it, passed through JSON as it travels on the bus.
 */
export async function storedReceiptEvent(
  storage: FileStorage,
  receipt: { pdf: Uint8Array; filename: string },
  ids: { checkId: string; tenantId: string },
): Promise<CheckExtractedV1> {
  const { pdf, filename } = receipt
  const sha256 = sha256Hex(pdf)
  await storage.put(contentKey(sha256), pdf, 'application/pdf')
  const extraction = extractReceipt(await parsePdf(pdf))
  return JSON.parse(
    JSON.stringify({
      check_id: ids.checkId,
      tenant_id: ids.tenantId,
      submission: {
        check_id: ids.checkId,
        tenant_id: ids.tenantId,
        created_at: '2026-03-11T07:12:00.000Z',
        file: {
          bucket: storage.bucket,
          key: contentKey(sha256),
          sha256,
          size: pdf.byteLength,
          content_type: 'application/pdf',
          filename,
        },
        expectation: {},
        profile: { name: 'default', version: 1 },
        mode: 'pdf',
      },
      extraction: {
        family: extraction.family,
        fields: extraction.fields,
        normalized_text_sha256: 'a'.repeat(64),
        facts: extraction.facts,
      },
    }),
  ) as CheckExtractedV1
}
