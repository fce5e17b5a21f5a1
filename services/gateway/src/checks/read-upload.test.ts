import { heifHeader } from '@rv/core/image/testing/heif-header'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api-error'
import { looksLikePdf, readUpload } from './read-upload'

const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n')

describe('readUpload', () => {
  it('accepts a PDF and the expectation text', async () => {
    const upload = await readUpload(
      { file: new File([pdf], 'r.pdf', { type: 'text/plain' }), expectation: '{"amount":1}' },
      { maxFileBytes: 1000 },
    )
    expect(upload).toMatchObject({
      filename: 'r.pdf',
      contentType: 'application/pdf',
      expectationText: '{"amount":1}',
    })
    expect(upload.bytes).toEqual(pdf)
  })

  it.each([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 16]],
    ['webp', [...new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')]],
    ['heic', [...heifHeader({ width: 4032, height: 3024, brands: ['mif1', 'miaf'] })]],
  ])(
    'accepts a %s image by its bytes, whatever the part claims, as an image upload',
    async (format, head) => {
      const bytes = new Uint8Array([...(head as number[]), 1, 2, 3])
      const upload = await readUpload(
        { file: new File([bytes], '', { type: 'application/pdf' }) },
        { maxFileBytes: 1000 },
      )
      expect(upload).toMatchObject({
        kind: 'image',
        contentType: `image/${format}`,
        filename: `receipt.${format}`,
      })
    },
  )

  it('marks a PDF upload as a pdf', async () => {
    const upload = await readUpload({ file: new File([pdf], 'r.pdf') }, { maxFileBytes: 1000 })
    expect(upload.kind).toBe('pdf')
  })

  it.each([
    [{}, 400, 'file_missing'],
    [{ file: 'text' }, 400, 'file_missing'],
    [{ file: new File([new Uint8Array(1001)], 'big.pdf') }, 413, 'file_too_large'],
    [{ file: new File([], 'empty.pdf') }, 400, 'file_empty'],
    [
      { file: new File(['\x89PNG\r\n'], 'x.pdf', { type: 'application/pdf' }) },
      415,
      'unsupported_media_type',
    ],
    [{ file: new File(['GIF89a....'], 'x.gif', { type: 'image/gif' }) }, 415, 'unsupported_media_type'],
    [
      {
        file: new File(
          [heifHeader({ width: 64, height: 64, brands: ['avif', 'mif1'], itemType: 'av01' })],
          'x.heic',
          {
            type: 'image/heic',
          },
        ),
      },
      415,
      'unsupported_media_type',
    ],
  ])('rejects %o with %i %s', async (body, status, code) => {
    const error = await readUpload(body as Record<string, File>, { maxFileBytes: 1000 }).catch((e) => e)
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
