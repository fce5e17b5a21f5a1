import { createFsStorage } from './fs-storage'
import { createS3Storage } from './s3-storage'
import type { FileStorage } from './storage-port'
import { timedStorage } from './timed-storage'

export interface StorageConfig {
  driver: 's3' | 'fs'
  endpoint: string
  accessKey: string
  secretKey: string
  region: string
  bucket: string
  pathStyle: boolean
  fsRoot: string
}

/** Picks the adapter named by configuration (`STORAGE_DRIVER`); S3 calls are timed (rv_s3_request_duration_seconds). */
export function createStorage(config: StorageConfig): FileStorage {
  return config.driver === 'fs'
    ? createFsStorage({ root: config.fsRoot })
    : timedStorage(createS3Storage(config))
}
