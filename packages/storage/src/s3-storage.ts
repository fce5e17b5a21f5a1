import { Client } from 'minio'
import { putObjectBuffer } from './put-object-buffer'
import { listVersions, removeVersions } from './s3-versions'
import { type FileStorage, StorageError, type StoredObject } from './storage-port'

export interface S3StorageOptions {
  endpoint: string
  accessKey: string
  secretKey: string
  region: string
  bucket: string
  /**
   * Bucket in the path (`https://host/bucket/key`, default) rather than the host name
   * (`https://bucket.host/key`): MinIO and most S3-compatible servers want path style; AWS S3 takes both.
   */
  pathStyle?: boolean
}

/** The `minio` client the adapter uses (tests reach the bucket's versions and settings through it). */
export function createS3Client(options: Omit<S3StorageOptions, 'bucket'>): Client {
  const url = new URL(options.endpoint)
  const useSSL = url.protocol === 'https:'
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: options.pathStyle ?? true,
  })
}

/**
 * The S3 adapter, through the `minio` client (works with MinIO, S3Proxy, versitygw and AWS S3).
 *
 * @example
 * const storage = createS3Storage({ endpoint: 'http://127.0.0.1:19000', accessKey, secretKey, region: 'us-east-1', bucket: 'rv' })
 * await storage.ensure()
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const s3: S3Bucket = { client: createS3Client(options), bucket: options.bucket, region: options.region }
  return {
    bucket: s3.bucket,
    ensure: () => ensureBucket(s3),
    put: (key, bytes, contentType) => putObject(s3, key, bytes, contentType),
    get: (key) => getObject(s3, key),
    stat: (key) => statObject(s3, key),
    remove: (key) => removeObject(s3, key),
    removePrefix: (prefix) => removeObjects(s3, prefix),
    ping: () => pingBucket(s3),
  }
}

/** The client and the bucket every operation works on. */
interface S3Bucket {
  client: Client
  bucket: string
  region: string
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket'
}

async function ensureBucket({ client, bucket, region }: S3Bucket): Promise<void> {
  try {
    if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, region)
  } catch (error) {
    // Two services starting together may both try to create it.
    const code = (error as { code?: string }).code
    if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') {
      throw new StorageError('unavailable', `cannot ensure bucket ${bucket}`, { cause: error })
    }
  }
}

async function putObject(
  { client, bucket }: S3Bucket,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<StoredObject> {
  try {
    // A view, not a copy, sent as it is (put-object-buffer.ts).
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    await putObjectBuffer(client, bucket, key, view, contentType)
    return { key, size: bytes.byteLength, contentType }
  } catch (error) {
    throw new StorageError('unavailable', `cannot write ${key}`, { cause: error })
  }
}

async function getObject({ client, bucket }: S3Bucket, key: string): Promise<Uint8Array> {
  try {
    const stream = await client.getObject(bucket, key)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return new Uint8Array(Buffer.concat(chunks))
  } catch (error) {
    if (isNotFound(error)) throw new StorageError('not_found', `no object ${key}`, { cause: error })
    throw new StorageError('unavailable', `cannot read ${key}`, { cause: error })
  }
}

async function statObject({ client, bucket }: S3Bucket, key: string): Promise<StoredObject | undefined> {
  try {
    const s = await client.statObject(bucket, key)
    const meta = s.metaData as Record<string, string> | undefined
    return { key, size: s.size, contentType: meta?.['content-type'] }
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw new StorageError('unavailable', `cannot stat ${key}`, { cause: error })
  }
}

async function removeObject({ client, bucket }: S3Bucket, key: string): Promise<void> {
  try {
    // Every version of the key, not only the current one (a versioned bucket keeps the bytes otherwise).
    const versions = (await listVersions(client, bucket, key)).filter((v) => v.name === key)
    await removeVersions(client, bucket, versions)
  } catch (error) {
    if (isNotFound(error)) return
    throw new StorageError('unavailable', `cannot remove ${key}`, { cause: error })
  }
}

async function removeObjects({ client, bucket }: S3Bucket, prefix: string): Promise<number> {
  if (prefix.length === 0) throw new Error('removePrefix refuses the empty prefix (the whole bucket)')
  try {
    return await removeVersions(client, bucket, await listVersions(client, bucket, prefix))
  } catch (error) {
    if (isNotFound(error)) return 0
    throw new StorageError('unavailable', `cannot remove ${prefix}*`, { cause: error })
  }
}

async function pingBucket({ client, bucket }: S3Bucket): Promise<void> {
  try {
    await client.bucketExists(bucket)
  } catch (error) {
    throw new StorageError('unavailable', 'S3 unreachable', { cause: error })
  }
}
