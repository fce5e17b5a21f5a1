import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exampleRecord } from '@rv/core'
import { assessAuthenticity } from '@rv/core/authenticity'
import { parsePdf } from '@rv/core/pdf'
import { buildMinimalPdf, png } from '@rv/core/testing'
import type { CheckExtractedV1 } from '@rv/schemas'
import { contentKey, createFsStorage, type FileStorage, sha256Hex } from '@rv/storage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthenticityDeps, handleExtracted } from './handler'

let dir: string
let storage: FileStorage
let deps: AuthenticityDeps

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rv-authenticity-'))
  storage = createFsStorage({ root: dir })
  await storage.ensure()
  deps = { readFile: (key) => storage.get(key), parsePdf, assessAuthenticity }
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function extracted(bytes: Uint8Array, family: string | null): Promise<CheckExtractedV1> {
  const sha256 = sha256Hex(bytes)
  const key = contentKey(sha256)
  await storage.put(key, bytes, 'application/pdf')
  return {
    check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    tenant_id: 'ten_a',
    submission: {
      check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
      tenant_id: 'ten_a',
      created_at: '2026-03-11T07:12:00.000Z',
      file: { bucket: storage.bucket, key, sha256, size: bytes.byteLength, content_type: 'application/pdf' },
      expectation: {},
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    },
    extraction:
      family === null
        ? null
        : { family, fields: exampleRecord().fields, normalized_text_sha256: 'b'.repeat(64), facts: {} },
  }
}

describe('authenticity handleExtracted', () => {
  it('assesses the stored document and never claims genuine for an unknown family', async () => {
    const result = await handleExtracted(
      await extracted(buildMinimalPdf({ pages: [['Hello']] }), 'unknown'),
      deps,
    )
    expect(result?.error).toBeUndefined()
    expect(result?.document.verdict).not.toBe('genuine')
    expect(result?.document.verdict).not.toBeNull()
    for (const check of result?.document.checks ?? []) {
      expect(Object.keys(check).sort()).toEqual(['detail', 'hard', 'name', 'passed'])
    }
  })

  it('publishes nothing when extraction failed', async () => {
    expect(await handleExtracted(await extracted(new Uint8Array([1]), null), deps)).toBeNull()
  })
})

describe('authenticity handleExtracted: a picture', () => {
  it('runs the image checks instead of parsing a PDF, and never answers genuine', async () => {
    const event = await extracted(png({ text: { Software: 'GIMP 2.10' } }), 'vtb/sbp_outgoing')
    const image = { ...event, submission: { ...event.submission, mode: 'image' as const } }
    const result = await handleExtracted(image, deps)
    expect(result?.error).toBeUndefined()
    expect(result?.document.verdict).toBe('suspicious')
    expect(result?.document.checks.map((c) => c.name)).toContain('image.editing_software')
  })
})
