/** Maps wire events (and stored slots) to the aggregate's domain events. */
import type { AggregateEvent, StageName, SubmissionInfo } from '@rv/core'
import type {
  CheckAuthenticatedV1,
  CheckExtractedV1,
  CheckMatchedV1,
  CheckReplayCheckedV1,
  CheckSubmittedV1,
} from '@rv/schemas'

export type ResultTopic =
  | 'check.extracted.v1'
  | 'check.authenticated.v1'
  | 'check.matched.v1'
  | 'check.replay-checked.v1'

export type ResultMessage =
  | { topic: 'check.extracted.v1'; value: CheckExtractedV1 }
  | { topic: 'check.authenticated.v1'; value: CheckAuthenticatedV1 }
  | { topic: 'check.matched.v1'; value: CheckMatchedV1 }
  | { topic: 'check.replay-checked.v1'; value: CheckReplayCheckedV1 }

export function submissionInfo(submission: CheckSubmittedV1): SubmissionInfo {
  return {
    checkId: submission.check_id,
    tenantId: submission.tenant_id,
    createdAt: submission.created_at,
    orderRef: submission.expectation.order_ref ?? null,
    profile: submission.profile,
    mode: submission.mode,
  }
}

/** The stage slot a result fills and the domain event stored in it. */
export function resultEvent(message: ResultMessage): { stage: StageName; event: AggregateEvent } {
  switch (message.topic) {
    case 'check.extracted.v1': {
      const { extraction, error, model_calls, field_locations } = message.value
      return {
        stage: 'extraction',
        event: {
          type: 'extracted',
          extraction: extraction && { family: extraction.family, fields: extraction.fields },
          error: error ?? null,
          modelCalls: model_calls ?? [],
          ...(field_locations?.length ? { fieldLocations: field_locations } : {}),
        },
      }
    }
    case 'check.authenticated.v1':
      return {
        stage: 'authenticity',
        event: {
          type: 'authenticated',
          document: message.value.document,
          error: message.value.error ?? null,
        },
      }
    case 'check.matched.v1':
      return {
        stage: 'matching',
        event: { type: 'matched', match: message.value.match, error: message.value.error ?? null },
      }
    case 'check.replay-checked.v1':
      return {
        stage: 'replay',
        event: {
          type: 'replay_checked',
          replay: message.value.replay,
          reasons: message.value.reasons,
          error: message.value.error ?? null,
        },
      }
    default: {
      const unreachable: never = message
      return unreachable
    }
  }
}
