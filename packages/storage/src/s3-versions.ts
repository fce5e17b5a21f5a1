import type { Client } from 'minio'

/** One stored version of an object (or its delete marker); `versionId` absent on an unversioned bucket. */
export interface ObjectVersion {
  name: string
  versionId?: string
}

/**
 * Every version and delete marker under `prefix`. On a bucket with versioning on, deleting a key only adds
 * a delete marker and the bytes stay as a noncurrent version: erasure has to delete each version by id
 * (docs/data-retention.md, "Files"). An unversioned bucket lists each object once, version `null`.
 */
export async function listVersions(client: Client, bucket: string, prefix: string): Promise<ObjectVersion[]> {
  const versions: ObjectVersion[] = []
  for await (const item of client.listObjects(bucket, prefix, true, { IncludeVersion: true })) {
    const { name, versionId } = item as { name?: string; versionId?: string | null }
    if (!name) continue
    versions.push(versionId && versionId !== 'null' ? { name, versionId } : { name })
  }
  return versions
}

/** Deletes the versions given, 1 000 per request (the S3 limit); returns how many distinct keys they had. */
export async function removeVersions(
  client: Client,
  bucket: string,
  versions: readonly ObjectVersion[],
): Promise<number> {
  for (let i = 0; i < versions.length; i += 1000)
    await client.removeObjects(bucket, versions.slice(i, i + 1000))
  return new Set(versions.map((v) => v.name)).size
}
