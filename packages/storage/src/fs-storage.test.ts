import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFsStorage } from './fs-storage'
import { StorageError } from './storage-port'

let dir: string | undefined

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('createFsStorage', () => {
  it('round-trips bytes and reports missing keys', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rv-storage-'))
    const storage = createFsStorage({ root: dir })
    await storage.ensure()
    await storage.put('sha256/ab/abc', new Uint8Array([1, 2, 3]), 'application/pdf')
    expect(await storage.get('sha256/ab/abc')).toEqual(new Uint8Array([1, 2, 3]))
    expect((await storage.stat('sha256/ab/abc'))?.size).toBe(3)
    expect(await storage.stat('missing')).toBeUndefined()
    await expect(storage.get('missing')).rejects.toBeInstanceOf(StorageError)
  })

  it('refuses keys that escape the root', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rv-storage-'))
    const storage = createFsStorage({ root: dir })
    await expect(storage.get('../outside')).rejects.toMatchObject({ code: 'not_found' })
  })
})
