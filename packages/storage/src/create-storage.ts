import { createFsStorage } from './fs-storage'
import { createS3Storage } from './s3-storage'
import type { FileStorage } from './storage-port'

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

/** Picks the adapter named by configuration (`STORAGE_DRIVER`). */
export function createStorage(config: StorageConfig): FileStorage {
  return config.driver === 'fs' ? createFsStorage({ root: config.fsRoot }) : createS3Storage(config)
}
