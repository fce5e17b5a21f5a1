export {
  type ChatCompletionsFixture,
  type FixtureReply,
  type FixtureUsage,
  startChatCompletionsFixture,
} from './chat-completions-fixture'
export { type TalliedCommand, tallyCommands } from './command-tally'
export { type Cleanup, createCleanup } from './create-cleanup'
export { deleteSubjects } from './delete-subjects'
export { deleteTopics } from './delete-topics'
export { dockerAnswers } from './docker-probe'
export { DOCKER_IMAGES, type StartedDockerStack, startDockerStack } from './docker-stack'
export { dropDatabases } from './drop-databases'
export { STACK_ENV_VARS, type StackEnv, stackFromEnv, stackToEnv } from './env-stack'
export { default as globalSetup } from './global-setup'
export { findRepoRoot, startNativeStack } from './native-stack'
export { type PoisonTarget, sendPoison, topicMessageCount } from './poison-messages'
export { randomName } from './random-name'
export { removeBuckets } from './remove-buckets'
export {
  type ResolvedStack,
  type ResolveStackDeps,
  resolveStack,
  resolveStackWith,
  type StackSource,
} from './resolve-stack'
export { createS3Client } from './s3-client'
export {
  DEFAULT_S3_REGION,
  parseBrokers,
  type S3Config,
  type StackConfig,
  s3FromEndpoint,
} from './stack-config'
export { topicPartitionCounts } from './topic-partitions'
