import { CheckError } from '@rv/core'
import { parsePdf } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import { afterEach, describe, expect, it } from 'vitest'
import { lyingLengthsPdf } from './hostile-pdf'
import { createPdfParser, type PdfParser } from './pdf-parser'

let parser: PdfParser | undefined
afterEach(async () => {
  await parser?.close()
  parser = undefined
})

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  )
}

describe('createPdfParser (core parsePdf in a worker thread)', () => {
  it('gives the same model as parsing in-process, for generated receipts of several families', async () => {
    parser = createPdfParser()
    for (const [family, variant] of [
      ['vtb', 'vtb_client'],
      ['ozon', 'sbp_outgoing'],
    ] as const) {
      const { pdf } = generateReceipt({ family, variant, seed: `pdf-worker-${family}` })
      expect(await parser.parse(pdf)).toEqual(await parsePdf(pdf))
    }
  })

  it('without the structure (a text reader): the same model with structure null', async () => {
    parser = createPdfParser({ structure: false })
    const { pdf } = generateReceipt({ family: 'tbank', variant: 'sbp', seed: 'pdf-worker-text' })
    const full = await parsePdf(pdf)
    expect(full.structure).not.toBeNull()
    expect(await parser.parse(pdf)).toEqual({ ...full, structure: null })
  })

  it('passes core refusals through with their code', async () => {
    parser = createPdfParser()
    const error = await failureOf(parser.parse(new TextEncoder().encode('hello, not a PDF')))
    expect(error).toBeInstanceOf(CheckError)
    expect(error).toMatchObject({ code: 'pdf_unreadable', retryable: false })
  })

  it('ends a parse past the time limit: pdf_too_complex (permanent), and the next parse still works', async () => {
    // The lying-lengths file parses for seconds; the limit is 50 ms.
    parser = createPdfParser({ timeoutMs: 50 })
    const error = await failureOf(parser.parse(lyingLengthsPdf()))
    expect(error).toBeInstanceOf(CheckError)
    expect(error).toMatchObject({ code: 'pdf_too_complex', retryable: false })
    expect(String((error as Error).message)).toMatch(/within 50 ms/)
    const { pdf } = generateReceipt({ family: 'vtb', variant: 'vtb_client', seed: 'pdf-worker-after' })
    const relaxed = createPdfParser()
    try {
      expect((await relaxed.parse(pdf)).runs.length).toBeGreaterThan(5)
    } finally {
      await relaxed.close()
    }
  })

  it('ends a parse past the heap limit: pdf_too_complex, the parent process unharmed', async () => {
    parser = createPdfParser({ maxHeapMb: 48, timeoutMs: 120_000 })
    const error = await failureOf(parser.parse(lyingLengthsPdf()))
    expect(error).toMatchObject({ code: 'pdf_too_complex', retryable: false })
    expect(String((error as Error).message)).toMatch(/more than 48 MB/)
  })
})
