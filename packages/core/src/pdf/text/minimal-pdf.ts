/**
 * Builds small, valid PDFs (classic xref, Helvetica, optional Flate streams) from plain strings. Tests use
 * it to make well-formed and hostile inputs on the fly instead of committing binary fixtures.
 */
import { zlibSync } from 'fflate'

export interface MinimalPdfOptions {
  /** One entry per page: lines drawn top-down at 12 pt. */
  pages: string[][]
  producer?: string
  /** Extra raw bytes for the page content (e.g. a huge inflated payload). */
  contentPadding?: number
  /** Raw operators appended to every page's content (e.g. a flood of `q Q`). */
  contentSuffix?: string
  compress?: boolean
  /** Adds a trailer /Encrypt reference (the dictionary itself is a stub). */
  encrypt?: boolean
  /**
   * Flate streams of spaces appended to the FIRST page's /Contents array, all sharing one compressed body:
   * a cheap decompression bomb that any reader of the page must inflate.
   */
  extraStreams?: { count: number; inflatedBytes: number }
}

const encoder = new TextEncoder()

export function buildMinimalPdf(options: MinimalPdfOptions): Uint8Array {
  const objects: Uint8Array[] = []
  const pageCount = options.pages.length
  const firstPage = 4
  const kids = options.pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')
  objects.push(text('<< /Type /Catalog /Pages 2 0 R >>'))
  objects.push(text(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`))
  objects.push(text('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'))
  const extraFirst = firstPage + options.pages.length * 2
  const extraRefs = Array.from(
    { length: options.extraStreams?.count ?? 0 },
    (_, i) => `${extraFirst + i} 0 R`,
  )
  options.pages.forEach((lines, i) => {
    const contentId = firstPage + i * 2 + 1
    const contents =
      i === 0 && extraRefs.length > 0 ? `[${contentId} 0 R ${extraRefs.join(' ')}]` : `${contentId} 0 R`
    objects.push(
      text(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} >>`,
      ),
    )
    objects.push(contentStream(lines, options))
  })
  if (options.extraStreams) {
    const body = zlibSync(new Uint8Array(options.extraStreams.inflatedBytes).fill(0x20), { level: 9 })
    const stream = concat([
      text(`<< /Length ${body.byteLength} /Filter /FlateDecode >>\nstream\n`),
      body,
      text('\nendstream'),
    ])
    for (let i = 0; i < options.extraStreams.count; i++) objects.push(stream)
  }
  const infoId = objects.length + 1
  objects.push(text(`<< /Producer (${options.producer ?? 'rv-minimal-pdf'}) >>`))
  let encryptRef = ''
  if (options.encrypt) {
    objects.push(text('<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'))
    encryptRef = ` /Encrypt ${objects.length} 0 R`
  }
  return assemble(objects, `/Root 1 0 R /Info ${infoId} 0 R${encryptRef}`)
}

function contentStream(lines: string[], options: MinimalPdfOptions): Uint8Array {
  const ops = lines.map(
    (line, i) => `BT /F1 12 Tf 1 0 0 1 20 ${360 - i * 20} Tm (${escapePdfString(line)}) Tj ET`,
  )
  let body = encoder.encode(ops.join('\n') + (options.contentSuffix ? `\n${options.contentSuffix}` : ''))
  if (options.contentPadding) {
    const padded = new Uint8Array(body.byteLength + options.contentPadding + 1)
    padded.set(body)
    padded.fill(0x20, body.byteLength)
    body = padded
  }
  const filter = options.compress ? ' /Filter /FlateDecode' : ''
  const data = options.compress ? zlibSync(body, { level: 9 }) : body
  return concat([text(`<< /Length ${data.byteLength}${filter} >>\nstream\n`), data, text('\nendstream')])
}

function assemble(objects: Uint8Array[], trailer: string): Uint8Array {
  const parts: Uint8Array[] = [text('%PDF-1.4\n')]
  const offsets: number[] = []
  let length = parts[0]!.byteLength
  objects.forEach((body, i) => {
    offsets.push(length)
    const chunk = concat([text(`${i + 1} 0 obj\n`), body, text('\nendobj\n')])
    parts.push(chunk)
    length += chunk.byteLength
  })
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`]
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`)
  parts.push(
    text(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  )
  return concat(parts)
}

function escapePdfString(line: string): string {
  return line.replace(/[\\()]/g, (c) => `\\${c}`)
}

function text(s: string): Uint8Array {
  return encoder.encode(s)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}
