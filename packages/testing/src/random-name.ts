import { randomBytes } from 'node:crypto'

/**
 * A fresh name for a topic, bucket, database or subject, unique across tests and runs.
 * Lower-case letters, digits and dashes only, at most 63 characters: valid as an S3 bucket name
 * (the strictest of the four), a Kafka topic and a MongoDB database name.
 *
 * @example randomName('it-receipts') // 'it-receipts-mi3x2k1a-4f9c0a1b2e'
 */
export function randomName(prefix: string): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36)
      .replace(/-+$/, '') || 'rv'
  // The time part makes leftovers of an interrupted run easy to recognise and sort.
  return `${clean}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`
}
