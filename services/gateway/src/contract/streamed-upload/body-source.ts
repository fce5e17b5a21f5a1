import type { Readable } from 'node:stream'

/** The request body, one chunk at a time, pulled only when the reader asks for it. */
export interface BodySource {
  /** The next chunk; undefined at the end of the body. Rejects when the body breaks (client gone). */
  read(): Promise<Uint8Array | undefined>
  /** Reading stops here: the rest of the body is not read (the server discards it once it has answered). */
  stop(): Promise<void>
}

/**
 * Reads the Node request itself, in paused mode, when the server hands it over (`@hono/node-server`'s
 * `c.env.incoming`): its `Request.body` goes through `Readable.toWeb`, whose queue counts chunks, not
 * bytes, and so takes in as much of the socket as arrives while the reader is busy — most of a 10 MB
 * upload on a loaded machine (measured by `npm run bench:upload`). Here the socket is read only as fast
 * as the parser takes it: Node's 16 KiB high-water mark pushes back on the client.
 *
 * @example
 * const source = nodeBodySource(c.env.incoming)
 */
export function nodeBodySource(incoming: Readable): BodySource {
  return {
    async read() {
      for (;;) {
        const chunk = incoming.read() as Uint8Array | null
        if (chunk !== null) return chunk
        if (incoming.readableEnded) return undefined
        if (incoming.errored) throw incoming.errored
        if (incoming.destroyed) throw new Error('the request body was closed before its end')
        await nextEvent(incoming)
      }
    },
    async stop() {},
  }
}

/** Reads a web `ReadableStream` (tests, `app.request`, runtimes without a Node request). */
export function webBodySource(body: ReadableStream<Uint8Array> | null): BodySource {
  const reader = body?.getReader()
  return {
    async read() {
      const next = await reader?.read()
      return next && !next.done ? next.value : undefined
    },
    async stop() {
      await reader?.cancel().catch(() => undefined)
    },
  }
}

function nextEvent(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    const events = ['readable', 'end', 'error', 'close'] as const
    const done = () => {
      for (const e of events) stream.off(e, done)
      resolve()
    }
    for (const e of events) stream.on(e, done)
  })
}
