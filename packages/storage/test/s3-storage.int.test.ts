import { createCleanup } from '@rv/testing'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { contentKey, sha256Hex, tenantFileKey, tenantFilePrefix } from '../src/content-key'
import { createS3Client, createS3Storage } from '../src/s3-storage'
import { listVersions } from '../src/s3-versions'
import { StorageError } from '../src/storage-port'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-storage')

afterAll(() => cleanup.run())

function storage(bucket: string) {
  return createS3Storage({
    endpoint: stack.s3.endpoint,
    accessKey: stack.s3.accessKey,
    secretKey: stack.s3.secretKey,
    region: stack.s3.region,
    bucket,
  })
}

describe('createS3Storage', () => {
  it('ensures its bucket, then round-trips content-addressed objects', async () => {
    const s3 = storage(cleanup.bucket())
    await s3.ensure()
    await s3.ensure()
    const bytes = new TextEncoder().encode('%PDF-1.7 test bytes')
    const key = contentKey(sha256Hex(bytes))
    await s3.put(key, bytes, 'application/pdf')
    await s3.put(key, bytes, 'application/pdf')
    expect(await s3.get(key)).toEqual(bytes)
    expect(await s3.stat(key)).toMatchObject({ key, size: bytes.byteLength, contentType: 'application/pdf' })
    await s3.ping()
  })

  it("removes one object, and a tenant's prefix without touching another tenant", async () => {
    const s3 = storage(cleanup.bucket())
    await s3.ensure()
    const bytes = new TextEncoder().encode('%PDF-1.7 shared bytes')
    const sha = sha256Hex(bytes)
    const mine = [tenantFileKey('ten_a', 'chk_1', sha), tenantFileKey('ten_a', 'chk_2', sha)]
    const theirs = tenantFileKey('ten_b', 'chk_3', sha)
    for (const key of [...mine, theirs]) await s3.put(key, bytes, 'application/pdf')
    await s3.remove(mine[0] as string)
    await s3.remove(mine[0] as string)
    expect(await s3.stat(mine[0] as string)).toBeUndefined()
    expect(await s3.removePrefix(tenantFilePrefix('ten_a'))).toBe(1)
    expect(await s3.stat(mine[1] as string)).toBeUndefined()
    expect(await s3.get(theirs)).toEqual(bytes)
  })

  it('removes every version of an object on a versioned bucket, and a prefix with all its versions', async () => {
    const bucket = cleanup.bucket()
    const s3 = storage(bucket)
    await s3.ensure()
    const client = createS3Client(stack.s3)
    await client.setBucketVersioning(bucket, { Status: 'Enabled' })
    const one = tenantFileKey('ten_v', 'chk_1', 'a'.repeat(64))
    const two = tenantFileKey('ten_v', 'chk_2', 'b'.repeat(64))
    for (const key of [one, one, two, two])
      await s3.put(key, new TextEncoder().encode(key), 'application/pdf')
    expect((await listVersions(client, bucket, one)).length).toBe(2)
    await s3.remove(one)
    expect(await listVersions(client, bucket, one)).toEqual([])
    expect((await listVersions(client, bucket, two)).length).toBe(2)
    expect(await s3.removePrefix(tenantFilePrefix('ten_v'))).toBe(1)
    expect(await listVersions(client, bucket, 'tenants/')).toEqual([])
  })

  it('stores exactly the bytes of a view into a larger buffer, sent without a copy', async () => {
    const s3 = storage(cleanup.bucket())
    await s3.ensure()
    const whole = new Uint8Array(6 * 1024 * 1024 + 10).map((_, i) => (i * 31) % 251)
    const file = whole.subarray(7, whole.byteLength - 3)
    const key = tenantFileKey('ten_a', 'chk_view', sha256Hex(file))
    await s3.put(key, file, 'image/png')
    expect(sha256Hex(await s3.get(key))).toBe(sha256Hex(file))
    expect(await s3.stat(key)).toMatchObject({ size: file.byteLength, contentType: 'image/png' })
  })

  it('reports a put the server refuses (no such bucket) as unavailable', async () => {
    const s3 = storage(cleanup.bucket())
    const error = await s3.put('k', new Uint8Array([1]), 'application/pdf').catch((e) => e)
    expect(error).toMatchObject({ code: 'unavailable', retryable: true })
    expect((error as Error).cause).toMatchObject({ code: 'NoSuchBucket' })
  })

  it('reports a missing object as not_found and a missing one in stat as undefined', async () => {
    const s3 = storage(cleanup.bucket())
    await s3.ensure()
    const key = contentKey('0'.repeat(64))
    expect(await s3.stat(key)).toBeUndefined()
    const error = await s3.get(key).catch((e) => e)
    expect(error).toBeInstanceOf(StorageError)
    expect(error).toMatchObject({ code: 'not_found', retryable: false })
  })

  it('reports an unreachable server as unavailable (retryable)', async () => {
    const s3 = createS3Storage({
      endpoint: 'http://127.0.0.1:9',
      accessKey: 'x',
      secretKey: 'y',
      region: 'us-east-1',
      bucket: 'nothing',
    })
    await expect(s3.get('k')).rejects.toMatchObject({ code: 'unavailable', retryable: true })
  })
})
