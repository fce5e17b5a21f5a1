import { deleteSubjects } from './delete-subjects'
import { deleteTopics } from './delete-topics'
import { dropDatabases } from './drop-databases'
import { randomName } from './random-name'
import { removeBuckets } from './remove-buckets'
import { createS3Client } from './s3-client'
import type { StackConfig } from './stack-config'

/** Remembers what a test creates on the stack and deletes all of it in `run()`. */
export interface Cleanup {
  /** Registers a topic for deletion; returns its name. Without a name, a random one is made. */
  topic(name?: string): string
  subject(name?: string): string
  bucket(name?: string): string
  database(name?: string): string
  /** Deletes everything registered so far, then forgets it; every kind is attempted even if one fails. */
  run(): Promise<void>
}

/**
 * @example
 * const cleanup = createCleanup(stack)
 * afterEach(() => cleanup.run())
 * const topic = cleanup.topic()  // random, deleted after the test
 */
export function createCleanup(stack: StackConfig, prefix = 'it'): Cleanup {
  const topics = new Set<string>()
  const subjects = new Set<string>()
  const buckets = new Set<string>()
  const databases = new Set<string>()
  const track = (set: Set<string>) => (name?: string) => {
    const chosen = name ?? randomName(prefix)
    set.add(chosen)
    return chosen
  }
  const drain = (set: Set<string>) => {
    const items = [...set]
    set.clear()
    return items
  }
  return {
    topic: track(topics),
    subject: track(subjects),
    bucket: track(buckets),
    database: track(databases),
    async run() {
      const results = await Promise.allSettled([
        deleteTopics(stack.kafkaBrokers, drain(topics)),
        deleteSubjects(stack.schemaRegistryUrl, drain(subjects)),
        removeBuckets(createS3Client(stack.s3), drain(buckets)),
        dropDatabases(stack.mongoUrl, drain(databases)),
      ])
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
      if (failures.length > 0) throw new AggregateError(failures, 'test cleanup failed')
    },
  }
}
