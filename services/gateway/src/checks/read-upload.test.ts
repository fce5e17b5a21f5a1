import { heifHeader } from '@rv/core/testing'
import { sha256Hex } from '@rv/storage'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api-error'
import type { StreamedForm } from '../contract/streamed-upload/read-multipart-stream'
import { looksLikePdf, readUpload } from './read-upload'

const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n')

function form(bytes: Uint8Array | string, filename = 'r.pdf', expectationText?: string): StreamedForm {
  const b = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  return { file: { bytes: b, sha256: sha256Hex(b), filename }, expectationText }
}

describe('readUpload', () => {
  it('accepts a PDF and the expectation text, with the digest computed while streaming', () => {
    const upload = readUpload(form(pdf, 'r.pdf', '{"amount":1}'))
    expect(upload).toMatchObject({
      filename: 'r.pdf',
      contentType: 'application/pdf',
      expectationText: '{"amount":1}',
      sha256: sha256Hex(pdf),
    })
    expect(upload.bytes).toEqual(pdf)
  })

  it.each([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 16]],
    ['webp', [...new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')]],
    ['heic', [...heifHeader({ width: 4032, height: 3024, brands: ['mif1', 'miaf'] })]],
  ])('accepts a %s image by its bytes, whatever the part claims, as an image upload', (format, head) => {
    const upload = readUpload(form(new Uint8Array([...(head as number[]), 1, 2, 3]), ''))
    expect(upload).toMatchObject({
      kind: 'image',
      contentType: `image/${format}`,
      filename: `receipt.${format}`,
    })
  })

  it('marks a PDF upload as a pdf', () => {
    expect(readUpload(form(pdf)).kind).toBe('pdf')
  })

  it.each([
    [{ file: undefined, expectationText: undefined }, 400, 'file_missing'],
    [form(new Uint8Array(), 'empty.pdf'), 400, 'file_empty'],
    [form('\x89PNG\r\n', 'x.pdf'), 415, 'unsupported_media_type'],
    [form('GIF89a....', 'x.gif'), 415, 'unsupported_media_type'],
    [
      form(heifHeader({ width: 64, height: 64, brands: ['avif', 'mif1'], itemType: 'av01' }), 'x.heic'),
      415,
      'unsupported_media_type',
    ],
  ])('rejects %o with %i %s', (body, status, code) => {
    const error = (() => {
      try {
        return readUpload(body as StreamedForm)
      } catch (e) {
        return e
      }
    })()
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
