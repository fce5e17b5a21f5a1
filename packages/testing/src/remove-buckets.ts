import type { Client } from 'minio'

async function listObjectNames(client: Client, bucket: string): Promise<string[]> {
  const names: string[] = []
  for await (const item of client.listObjectsV2(bucket, '', true)) {
    if (item.name) names.push(item.name)
  }
  return names
}

/** Empties and removes the given buckets; buckets that do not exist are skipped. */
export async function removeBuckets(client: Client, buckets: string[]): Promise<void> {
  for (const bucket of buckets) {
    if (!(await client.bucketExists(bucket))) continue
    const names = await listObjectNames(client, bucket)
    if (names.length > 0) await client.removeObjects(bucket, names)
    await client.removeBucket(bucket)
  }
}
