/** A storage port whose every call is timed into rv_s3_request_duration_seconds, by operation and outcome. */
import { metrics, secondsSince } from '@rv/observability'
import type { FileStorage } from './storage-port'

const operations = ['ensure', 'put', 'get', 'stat', 'ping'] as const

export function timedStorage(storage: FileStorage): FileStorage {
  const timed = { bucket: storage.bucket } as FileStorage
  for (const operation of operations) {
    const call = storage[operation].bind(storage) as (...args: unknown[]) => Promise<unknown>
    Object.assign(timed, {
      [operation]: async (...args: unknown[]) => {
        const started = performance.now()
        let outcome = 'error'
        try {
          const result = await call(...args)
          outcome = 'ok'
          return result
        } finally {
          metrics().s3Duration.observe({ operation, outcome }, secondsSince(started))
        }
      },
    })
  }
  return timed
}
