/**
 * The dead-letter record: the original key and bytes, untouched, plus headers saying where the message
 * came from and why it was given up on. Operators replay from here (see docs/events.md).
 */
import type { KafkaStageError } from './errors'

/** Header names on check.dead-letter.v1 messages. */
export const deadLetterHeader = {
  originalTopic: 'x-original-topic',
  originalPartition: 'x-original-partition',
  originalOffset: 'x-original-offset',
  errorCode: 'x-error-code',
  errorMessage: 'x-error-message',
  attempts: 'x-attempts',
  failedStage: 'x-failed-stage',
} as const

/** Long messages are cut: headers are for triage, not for dumping payloads. */
export const maxErrorMessageLength = 1000

export interface DeadLetterContext {
  /** Logical topic name (without prefix). */
  topic: string
  partition: number
  offset: string
  attempts: number
  /** Which stage gave up: the consumer's `stage` option (its group id by default). */
  stage: string
  error: Pick<KafkaStageError, 'code' | 'message'>
}

export function buildDeadLetterHeaders(context: DeadLetterContext): Record<string, string> {
  const message =
    context.error.message.length > maxErrorMessageLength
      ? `${context.error.message.slice(0, maxErrorMessageLength - 1)}…`
      : context.error.message
  return {
    [deadLetterHeader.originalTopic]: context.topic,
    [deadLetterHeader.originalPartition]: String(context.partition),
    [deadLetterHeader.originalOffset]: context.offset,
    [deadLetterHeader.errorCode]: context.error.code,
    [deadLetterHeader.errorMessage]: message,
    [deadLetterHeader.attempts]: String(context.attempts),
    [deadLetterHeader.failedStage]: context.stage,
  }
}

export interface DeadLetterInfo {
  originalTopic: string
  originalPartition: number
  originalOffset: string
  errorCode: string
  errorMessage: string
  attempts: number
  failedStage: string
}

/** Reads the dead-letter headers back; undefined when a header is missing (not a dead-letter record). */
export function readDeadLetterHeaders(headers: Readonly<Record<string, string>>): DeadLetterInfo | undefined {
  const get = (name: string) => headers[name]
  const topic = get(deadLetterHeader.originalTopic)
  const partition = get(deadLetterHeader.originalPartition)
  const offset = get(deadLetterHeader.originalOffset)
  const code = get(deadLetterHeader.errorCode)
  const message = get(deadLetterHeader.errorMessage)
  const attempts = get(deadLetterHeader.attempts)
  const stage = get(deadLetterHeader.failedStage)
  if ([topic, partition, offset, code, message, attempts, stage].some((v) => v === undefined))
    return undefined
  return {
    originalTopic: topic!,
    originalPartition: Number(partition),
    originalOffset: offset!,
    errorCode: code!,
    errorMessage: message!,
    attempts: Number(attempts),
    failedStage: stage!,
  }
}
