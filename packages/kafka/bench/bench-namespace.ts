/** A bench's own topics and subjects under a random prefix, removed when it ends. */
import { deleteSubjects, deleteTopics, type ResolvedStack, randomName } from '@rv/testing'
import { allTopics, eventTopics, physicalTopic, valueSubject } from '../src/topics'

export function benchPrefix(name: string): string {
  return `${randomName(name)}.`
}

/** Deletes the prefix's topics and subjects, then stops the stack if the bench started it. */
export async function removeBenchNamespace(stack: ResolvedStack, prefix: string): Promise<void> {
  await deleteTopics(
    stack.kafkaBrokers,
    allTopics.map((t) => physicalTopic(prefix, t)),
  )
  await deleteSubjects(
    stack.schemaRegistryUrl,
    eventTopics.map((t) => valueSubject(physicalTopic(prefix, t))),
  )
  await stack.stop()
}
