import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { nodeBodySource, webBodySource } from './body-source'

describe('nodeBodySource', () => {
  it('hands out what the request carries, then the end', async () => {
    const incoming = new PassThrough()
    const source = nodeBodySource(incoming)
    const first = source.read()
    incoming.write(Buffer.from('ab'))
    expect(Buffer.from((await first) as Uint8Array).toString()).toBe('ab')
    incoming.end(Buffer.from('c'))
    expect(Buffer.from((await source.read()) as Uint8Array).toString()).toBe('c')
    expect(await source.read()).toBeUndefined()
  })

  it('reads the socket only when asked: what is not read stays in the request', async () => {
    const incoming = new PassThrough({ highWaterMark: 4 })
    const source = nodeBodySource(incoming)
    expect(incoming.write(Buffer.from('12345678'))).toBe(false)
    await source.read()
    expect(incoming.readableFlowing).not.toBe(true)
  })

  it('rejects when the client goes away mid-body', async () => {
    const incoming = new PassThrough()
    const source = nodeBodySource(incoming)
    const next = source.read()
    incoming.destroy(new Error('aborted'))
    await expect(next.then(() => source.read())).rejects.toThrow('aborted')
  })
})

describe('webBodySource', () => {
  it('reads a web stream to its end, and an absent body as empty', async () => {
    const source = webBodySource(new Blob(['xy']).stream())
    expect(Buffer.from((await source.read()) as Uint8Array).toString()).toBe('xy')
    expect(await source.read()).toBeUndefined()
    expect(await webBodySource(null).read()).toBeUndefined()
  })
})
