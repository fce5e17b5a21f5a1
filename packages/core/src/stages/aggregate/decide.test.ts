import type { DocumentAssessment, MatchFlags } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { emptyMatch } from '../../vocabulary/empty-blocks'
import { exampleRecord } from '../../vocabulary/example-record'
import type { AggregateEvent, SubmissionInfo } from './aggregate-event'
import { type AggregateCommand, decide, type Recommend } from './decide'
import { evolve, initialState } from './evolve'
import { fallbackRecommend } from './fallback-recommend'

const example = exampleRecord()
const submission: SubmissionInfo = {
  checkId: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
  tenantId: 'ten_a',
  createdAt: '2026-03-11T07:12:00.000Z',
  orderRef: 'order-1',
  profile: { name: 'default', version: 3 },
  mode: 'pdf',
}
const document: DocumentAssessment = example.document
const match: MatchFlags = example.match

const submitted: AggregateEvent = { type: 'submitted', submission }
const extracted: AggregateEvent = {
  type: 'extracted',
  extraction: { family: 'vtb/sbp_outgoing', fields: example.fields },
  error: null,
}
const authenticated: AggregateEvent = { type: 'authenticated', document, error: null }
const matched: AggregateEvent = { type: 'matched', match, error: null }
const replayChecked: AggregateEvent = {
  type: 'replay_checked',
  replay: { seen_before: false, duplicate_of: null, keys_matched: [] },
  reasons: [],
  error: null,
}

const accept: Recommend = (input) =>
  input.error
    ? { recommendation: 'reject', reasons: ['has_error'] }
    : { recommendation: 'accept', reasons: [] }

/** given events, when deciding at `now`, then these commands. */
function given(events: AggregateEvent[], now = new Date('2026-03-11T07:12:01.250Z'), recommend = accept) {
  return decide(events.reduce(evolve, initialState), now, recommend)
}

function written(commands: AggregateCommand[]) {
  const write = commands.find((c) => c.type === 'write_record')
  if (!write) throw new Error('no write_record command')
  return write.record
}

describe('aggregate decide', () => {
  it('does nothing before the submission is known', () => {
    expect(given([extracted, authenticated])).toEqual([])
  })

  it('stores a processing record when the first stage reports', () => {
    const commands = given([submitted, extracted])
    expect(commands.map((c) => c.type)).toEqual(['write_record'])
    const record = written(commands)
    expect(record.status).toBe('processing')
    expect(record.fields).toEqual(example.fields)
    expect(record.match).toEqual(emptyMatch())
    expect(record.document).toEqual({ verdict: null, family: 'vtb/sbp_outgoing', checks: [] })
    expect(record.recommendation).toBeNull()
    expect(record.cost.latency_ms).toBeNull()
  })

  it('writes progress only once: not before a stage reported, not after the first', () => {
    expect(given([submitted, { type: 'record_stored', status: 'pending' }])).toEqual([])
    expect(given([submitted, extracted, { type: 'record_stored', status: 'processing' }])).toEqual([])
    expect(given([submitted, extracted, matched])).toEqual([])
    expect(given([submitted, extracted, matched, authenticated])).toEqual([])
    expect(given([submitted, matched]).map((c) => c.type)).toEqual(['write_record'])
  })

  it('finishes done with the recommendation and latency once all four stages reported, in any order', () => {
    const commands = given([replayChecked, matched, submitted, authenticated, extracted])
    expect(commands.map((c) => c.type)).toEqual(['write_record', 'publish_completed'])
    const record = written(commands)
    expect(record).toMatchObject({
      id: submission.checkId,
      status: 'done',
      tenant_id: 'ten_a',
      order_ref: 'order-1',
      profile: 'default',
      profile_version: 3,
      mode: 'pdf',
      document,
      recommendation: 'accept',
      reasons: [],
      error: null,
    })
    expect(record.cost.latency_ms).toBe(1250)
  })

  it('is idempotent on redelivery of a stage result', () => {
    const once = given([submitted, extracted, authenticated, matched, replayChecked])
    const twice = given([submitted, extracted, extracted, authenticated, matched, matched, replayChecked])
    expect(twice).toEqual(once)
  })

  it('fails at once with the stage error when extraction could not read the file', () => {
    const error = {
      code: 'pdf_unreadable',
      message: 'The file could not be parsed as a PDF.',
      retryable: false,
    }
    const commands = given([submitted, { type: 'extracted', extraction: null, error }])
    const record = written(commands)
    expect(commands.map((c) => c.type)).toEqual(['write_record', 'publish_completed'])
    expect(record.status).toBe('failed')
    expect(record.error).toEqual(error)
    expect(record.recommendation).toBe('reject')
    expect(record.reasons).toEqual(['stage_failed:extraction', 'has_error'])
    expect(record.cost.latency_ms).toBe(1250)
  })

  it('keeps the first failure when several stages fail', () => {
    const first = { code: 'stage_failed', message: 'matching broke', retryable: true }
    const second = { code: 'internal_error', message: 'replay broke', retryable: true }
    const record = written(
      given([
        submitted,
        extracted,
        { type: 'matched', match, error: first },
        { type: 'replay_checked', replay: replayChecked.replay, reasons: [], error: second },
      ]),
    )
    expect(record.error).toEqual(first)
    expect(record.reasons[0]).toBe('stage_failed:matching')
  })

  it('fails with stage_timeout naming the missing stages once the deadline passed', () => {
    const record = written(given([submitted, extracted, matched, { type: 'deadline_passed' }]))
    expect(record.status).toBe('failed')
    expect(record.error?.code).toBe('stage_timeout')
    expect(record.error?.message).toContain('authenticity, replay')
    expect(record.reasons[0]).toBe('stage_timeout:authenticity')
  })

  it('does not time out a check whose stages all reported', () => {
    const record = written(
      given([submitted, extracted, authenticated, matched, replayChecked, { type: 'deadline_passed' }]),
    )
    expect(record.status).toBe('done')
  })

  it('does nothing once the stored record is terminal', () => {
    expect(
      given([
        submitted,
        extracted,
        authenticated,
        matched,
        replayChecked,
        { type: 'record_stored', status: 'done' },
      ]),
    ).toEqual([])
    expect(
      given([submitted, { type: 'record_stored', status: 'failed' }, { type: 'deadline_passed' }]),
    ).toEqual([])
  })

  it('with the fallback recommendation sends everything to review, labelled', () => {
    const record = written(
      given([submitted, extracted, authenticated, matched, replayChecked], undefined, fallbackRecommend),
    )
    expect(record.recommendation).toBe('review')
    expect(record.reasons).toEqual(['decision_unavailable'])
  })

  it('never reports negative latency when clocks disagree', () => {
    const record = written(
      given([submitted, extracted, authenticated, matched, replayChecked], new Date('2026-03-11T07:11:00Z')),
    )
    expect(record.cost.latency_ms).toBe(0)
  })
})

describe("aggregate decide: the cost block from the extraction's model calls", () => {
  const withModel: AggregateEvent = {
    ...extracted,
    type: 'extracted',
    error: null,
    modelCalls: [
      { model: 'gpt-4o-mini', prompt_tokens: 1001, completion_tokens: 101, usd: 0.00021075 },
      { model: 'gpt-4o-mini', prompt_tokens: 1008, completion_tokens: 104, usd: 0.0002136 },
      { model: 'local-vl', prompt_tokens: 500, completion_tokens: 50, usd: 0 },
      { model: 'gpt-4o-mini', prompt_tokens: 1012, completion_tokens: 106, usd: 0.0002154 },
    ],
  }

  it('fills vlm_usd, vlm_tokens, models and model_usage exactly, per model', () => {
    const record = written(given([submitted, withModel, authenticated, matched, replayChecked]))
    expect(record.cost).toEqual({
      vlm_usd: 0.00063975,
      vlm_tokens: 3882,
      latency_ms: 1250,
      models: ['gpt-4o-mini', 'local-vl'],
      model_usage: [
        { model: 'gpt-4o-mini', tokens: 3332, usd: 0.00063975, calls: 3 },
        { model: 'local-vl', tokens: 550, usd: 0, calls: 1 },
      ],
    })
  })

  it('a redelivered extraction replaces its calls rather than adding them again', () => {
    const once = written(given([submitted, withModel, authenticated, matched, replayChecked]))
    const twice = written(given([submitted, withModel, withModel, authenticated, matched, replayChecked]))
    expect(twice.cost).toEqual(once.cost)
  })

  it('a failed extraction still reports the calls it paid for', () => {
    const error = { code: 'vlm_unavailable', message: 'The model answered nothing usable.', retryable: true }
    const failed: AggregateEvent = {
      type: 'extracted',
      extraction: null,
      error,
      modelCalls: withModel.modelCalls,
    }
    const record = written(given([submitted, failed]))
    expect(record.status).toBe('failed')
    expect(record.cost.vlm_tokens).toBe(3882)
  })

  it('no model calls (or a slot stored before they existed): the empty cost members', () => {
    const record = written(given([submitted, extracted, authenticated, matched, replayChecked]))
    expect(record.cost).toEqual({ vlm_usd: 0, vlm_tokens: 0, latency_ms: 1250, models: [], model_usage: [] })
  })
})
