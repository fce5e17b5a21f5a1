import { enableMetrics, renderMetrics } from '@rv/observability'
import { describe, expect, it } from 'vitest'
import { type FileStorage, StorageError } from './storage-port'
import { timedStorage } from './timed-storage'

describe('timedStorage', () => {
  it('passes every call through and times it by operation and outcome', async () => {
    enableMetrics({ service: 'test' })
    const inner: FileStorage = {
      bucket: 'b',
      ensure: async () => undefined,
      put: async (key, bytes) => ({ key, size: bytes.length, contentType: undefined }),
      get: async (key) => {
        throw new StorageError('not_found', key)
      },
      stat: async () => undefined,
      ping: async () => undefined,
      remove: async () => undefined,
      removePrefix: async () => 2,
    }
    const storage = timedStorage(inner)
    expect(storage.bucket).toBe('b')
    expect(await storage.put('k', new Uint8Array(3), 'application/pdf')).toEqual({
      key: 'k',
      size: 3,
      contentType: undefined,
    })
    await expect(storage.get('gone')).rejects.toBeInstanceOf(StorageError)
    const body = (await renderMetrics())?.body ?? ''
    expect(body).toContain(
      'rv_s3_request_duration_seconds_count{service="test",operation="put",outcome="ok"} 1',
    )
    expect(body).toContain(
      'rv_s3_request_duration_seconds_count{service="test",operation="get",outcome="error"} 1',
    )
  })
})
