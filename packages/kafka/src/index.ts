export type { BusLogger, LogFields } from './bus-logger'
export { coPartitionedProtocol, type Ownership } from './co-partitioning'
export type {
  ConsumedEvent,
  ConsumedMessage,
  ConsumeOptions,
  ConsumerHandle,
  FailedMessage,
} from './consumer-types'
export {
  buildDeadLetterHeaders,
  type DeadLetterInfo,
  deadLetterHeader,
  readDeadLetterHeaders,
} from './dead-letter'
export { type DeliveryLedger, defaultMaxDeliveries } from './delivery-ledger'
export { KafkaStageError, toStageError } from './errors'
export { createEventBus, type EventBus, type EventBusOptions } from './event-bus'
export type { ReleaseOffset } from './offset-holds'
export type { Publish, PublishBatch } from './publisher'
export {
  type ReplayOptions,
  type ReplayReport,
  replayedFromHeader,
} from './replay-dead-letters'
export { backoffDelayMs, defaultRetryPolicy, type RetryPolicy } from './retry-policy'
export { installShutdownHandler, type ShutdownOptions, withTimeout } from './shutdown'
export { partitionsOf, planTopics, type TopicLayout, type TopicPlan } from './topic-layout'
export {
  allTopics,
  deadLetterTopic,
  type EventTopic,
  type EventValueByTopic,
  eventTopics,
  isEventTopic,
  physicalTopic,
  type TopicValue,
  valueSubject,
} from './topics'
