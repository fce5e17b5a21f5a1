import type { CheckResult, DocumentAssessment } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { TEMPLATE_DRIFT_CHECK } from '../authenticity/fingerprint/template-drift'
import { decide } from './decide'
import { defaultProfile } from './default-profile'
import { reasonCodes } from './reason-codes'

const record = exampleRecord()
const decideOn = (document: DocumentAssessment) =>
  decide(
    {
      document,
      fields: record.fields,
      match: record.match,
      replay: record.replay,
      error: null,
      replayReasons: [],
    },
    defaultProfile,
  )
const failed = (name: string, hard: boolean): CheckResult => ({ name, hard, passed: false, detail: '' })

describe('template drift reason', () => {
  it('given a drift check among the soft failures, then template_drift after document_suspicious, to review', () => {
    const out = decideOn({
      verdict: 'suspicious',
      family: 'vtb/sbp_outgoing',
      checks: [failed('generator.producer', false), failed(TEMPLATE_DRIFT_CHECK, false)],
    })
    expect(out).toEqual({
      recommendation: 'review',
      reasons: [
        'document_suspicious',
        'template_drift',
        'check_failed:generator.producer',
        `check_failed:${TEMPLATE_DRIFT_CHECK}`,
      ],
    })
    expect(Object.keys(reasonCodes)).toContain('template_drift')
  })

  it('given no drift check, then no template_drift reason', () => {
    const out = decideOn({
      verdict: 'forged',
      family: 'vtb/sbp_outgoing',
      checks: [failed('generator.producer', true)],
    })
    expect(out.reasons).not.toContain('template_drift')
  })
})
