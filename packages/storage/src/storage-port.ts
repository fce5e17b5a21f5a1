/** Where uploaded files live. Adapters: S3 (production, tests) and a local folder (development). */

export interface StoredObject {
  key: string
  size: number
  contentType: string | undefined
}

export interface FileStorage {
  /** Creates the bucket/folder when missing; call once at start-up. */
  ensure(): Promise<void>
  /** Writes `bytes` under `key`; writing the same content-addressed key twice is harmless. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>
  /** Reads the whole object; throws StorageError('not_found') when absent. */
  get(key: string): Promise<Uint8Array>
  /** Metadata, or undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>
  /** Deletes the object; absent is not an error. */
  remove(key: string): Promise<void>
  /** Deletes every object under `prefix` (a tenant's `tenants/<id>/`); returns how many. */
  removePrefix(prefix: string): Promise<number>
  /** Cheap reachability probe for readiness checks. */
  ping(): Promise<void>
  /** The bucket name recorded in events (the folder for the fs adapter). */
  readonly bucket: string
}

export type StorageErrorCode = 'not_found' | 'unavailable'

/** A storage failure: `unavailable` is worth retrying, `not_found` is not. */
export class StorageError extends Error {
  readonly code: StorageErrorCode
  readonly retryable: boolean

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageError'
    this.code = code
    this.retryable = code === 'unavailable'
  }
}
