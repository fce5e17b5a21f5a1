import { Client } from 'minio'
import type { S3Config } from './stack-config'

/** A `minio` client for the stack's S3 server. */
export function createS3Client(s3: S3Config): Client {
  return new Client({
    endPoint: s3.host,
    port: s3.port,
    useSSL: s3.useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
  })
}
