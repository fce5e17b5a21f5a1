/** A storage port whose every call is timed into rv_s3_request_duration_seconds, by operation and outcome. */
import { metrics, timed } from '@rv/observability'
import type { FileStorage } from './storage-port'

const operations = ['ensure', 'put', 'get', 'stat', 'ping', 'remove', 'removePrefix'] as const

export function timedStorage(storage: FileStorage): FileStorage {
  const wrapped = { bucket: storage.bucket } as FileStorage
  for (const operation of operations) {
    const call = storage[operation].bind(storage) as (...args: unknown[]) => Promise<unknown>
    Object.assign(wrapped, {
      [operation]: (...args: unknown[]) =>
        timed(
          () => call(...args),
          (outcome, seconds) => metrics().s3Duration.observe({ operation, outcome }, seconds),
        ),
    })
  }
  return wrapped
}
