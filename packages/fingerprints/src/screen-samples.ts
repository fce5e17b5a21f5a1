/**
 * Which candidate files may teach a family's fingerprint: readable PDFs that extraction recognises as the
 * family, each file once. Everything else is listed with its reason, never learned from silently.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExtractionResult, PdfModel } from '@rv/core'
import { parsePdf } from '@rv/core'
import { bankOf } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'

export interface SampleCandidate {
  /** A file name or a check id: for the operator's report only. */
  label: string
  origin: 'folder' | 'accepted'
  bytes: Uint8Array
}

export interface ScreenedSample extends SampleCandidate {
  model: PdfModel
  /** Extraction's reading (its `family` is `<bank>/<variant>`), which the assessment needs. */
  extraction: ExtractionResult
}

export interface RejectedSample {
  label: string
  reason: string
}

/** The `*.pdf` files directly in `folder`, by name. */
export function readFolderCandidates(folder: string): SampleCandidate[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.pdf'))
    .map((e) => e.name)
    .sort()
    .map((name) => ({
      label: name,
      origin: 'folder',
      bytes: new Uint8Array(readFileSync(join(folder, name))),
    }))
}

export async function screenSamples(
  family: string,
  candidates: readonly SampleCandidate[],
): Promise<{ accepted: ScreenedSample[]; rejected: RejectedSample[] }> {
  const accepted: ScreenedSample[] = []
  const rejected: RejectedSample[] = []
  const seen = new Set<string>()
  for (const candidate of candidates) {
    const sha = createHash('sha256').update(candidate.bytes).digest('hex')
    if (seen.has(sha)) {
      rejected.push({ label: candidate.label, reason: 'the same file twice' })
      continue
    }
    seen.add(sha)
    let model: PdfModel
    try {
      model = await parsePdf(candidate.bytes)
    } catch (error) {
      rejected.push({ label: candidate.label, reason: `unreadable: ${(error as Error).message}` })
      continue
    }
    const extraction = extractReceipt(model)
    const recognised = extraction.family
    if (bankOf(recognised) !== family) {
      rejected.push({ label: candidate.label, reason: `recognised as ${recognised}, not ${family}` })
      continue
    }
    accepted.push({ ...candidate, model, extraction })
  }
  return { accepted, rejected }
}
