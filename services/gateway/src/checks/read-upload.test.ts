import { describe, expect, it } from 'vitest'
import { ApiError } from '../api-error'
import { looksLikePdf, readUpload } from './read-upload'

const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n')

describe('readUpload', () => {
  it('accepts a PDF and the expectation text', async () => {
    const upload = await readUpload(
      { file: new File([pdf], 'r.pdf', { type: 'text/plain' }), expectation: '{"amount":1}' },
      { maxFileBytes: 100 },
    )
    expect(upload).toMatchObject({
      filename: 'r.pdf',
      contentType: 'application/pdf',
      expectationText: '{"amount":1}',
    })
    expect(upload.bytes).toEqual(pdf)
  })

  it.each([
    [{}, 400, 'file_missing'],
    [{ file: 'text' }, 400, 'file_missing'],
    [{ file: new File([new Uint8Array(101)], 'big.pdf') }, 413, 'file_too_large'],
    [{ file: new File([], 'empty.pdf') }, 400, 'file_empty'],
    [
      { file: new File(['\x89PNG\r\n'], 'x.pdf', { type: 'application/pdf' }) },
      415,
      'unsupported_media_type',
    ],
  ])('rejects %o with %i %s', async (body, status, code) => {
    const error = await readUpload(body as Record<string, File>, { maxFileBytes: 100 }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, code })
  })
})

describe('looksLikePdf', () => {
  it('finds the header after leading junk but not past 1 KiB', () => {
    expect(looksLikePdf(new TextEncoder().encode('junk\n%PDF-1.4'))).toBe(true)
    expect(looksLikePdf(new TextEncoder().encode(`${' '.repeat(1100)}%PDF-1.4`))).toBe(false)
  })
})
