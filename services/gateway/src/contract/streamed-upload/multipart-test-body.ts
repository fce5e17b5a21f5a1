/** Test helpers: multipart bodies built part by part, and streams that count what a reader pulled. */

export const boundary = 'rv-test-boundary'
export const multipartType = `multipart/form-data; boundary=${boundary}`

export type TestPart =
  | { name: string; text: string }
  | { name: string; filename: string; bytes: Uint8Array; type?: string }

const enc = new TextEncoder()

/** One part's header (with its leading delimiter) and the line break that ends its content. */
export function partHead(part: TestPart): Uint8Array {
  const disposition =
    'filename' in part
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
      : `form-data; name="${part.name}"`
  return enc.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`)
}

export function multipartBody(parts: TestPart[], options: { close?: boolean } = {}): Uint8Array {
  const pieces: Uint8Array[] = []
  for (const part of parts) {
    pieces.push(partHead(part), 'filename' in part ? part.bytes : enc.encode(part.text), enc.encode('\r\n'))
  }
  if (options.close ?? true) pieces.push(enc.encode(`--${boundary}--\r\n`))
  return Buffer.concat(pieces)
}

/**
 * A body of `prefix`, then `fillerBytes` bytes made on demand (never held whole), then `suffix`, handed
 * out `chunkBytes` at a time; `pulled()` says how many bytes a reader took.
 */
export function countingStream(options: {
  prefix: Uint8Array
  fillerBytes?: number
  suffix?: Uint8Array
  chunkBytes: number
}) {
  const suffix = options.suffix ?? new Uint8Array()
  const total = options.prefix.byteLength + (options.fillerBytes ?? 0) + suffix.byteLength
  let offset = 0
  let pulled = 0
  let cancelled = false
  const byteAt = (i: number) => {
    if (i < options.prefix.byteLength) return options.prefix[i]!
    const filler = options.fillerBytes ?? 0
    if (i < options.prefix.byteLength + filler) return 0x20
    return suffix[i - options.prefix.byteLength - filler]!
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= total) {
          controller.close()
          return
        }
        const size = Math.min(options.chunkBytes, total - offset)
        const chunk = new Uint8Array(size)
        for (let i = 0; i < size; i++) chunk[i] = byteAt(offset + i)
        offset += size
        pulled += size
        controller.enqueue(chunk)
      },
      cancel() {
        cancelled = true
      },
      // No read-ahead: a chunk is made only when the reader asks for one, so `pulled` is what it took.
    },
    { highWaterMark: 0 },
  )
  return { stream, total, pulled: () => pulled, cancelled: () => cancelled }
}

/** A whole body handed out in chunks of the given sizes (cycled), to cut parts at every place. */
export function chunkedStream(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let offset = 0
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close()
      const size = Math.max(1, sizes[i++ % sizes.length]!)
      controller.enqueue(bytes.slice(offset, offset + size))
      offset += size
    },
  })
}
