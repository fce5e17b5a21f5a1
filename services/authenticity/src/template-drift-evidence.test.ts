import { fingerprints } from '@rv/core'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import type { CheckExtractedV1 } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { type TemplateDriftDeps, templateDriftEvidence } from './template-drift-evidence'

async function input() {
  const { pdf } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'drift-unit' })
  const model = await parsePdf(pdf)
  const extraction = extractReceipt(model)
  const event = {
    check_id: 'chk_1',
    tenant_id: 'ten_a',
    submission: { created_at: '2026-03-11T07:12:00.000Z' },
    extraction: { family: extraction.family, fields: extraction.fields },
  } as unknown as CheckExtractedV1
  return { model, event, sender: extraction.fields.sender_name }
}

function recorder() {
  const calls: unknown[][] = []
  const deps: TemplateDriftDeps = {
    record: async (...args) => {
      calls.push(args)
      return { payers: 7, tenants: 3 }
    },
    minPayers: 5,
    minTenants: 2,
    windowMs: 48 * 3_600_000,
  }
  return { calls, deps }
}

describe('template drift evidence', () => {
  it('never touches the store for a generator the fingerprint has seen', async () => {
    const { model, event } = await input()
    const { calls, deps } = recorder()
    expect(await templateDriftEvidence(event, model, fingerprints, deps)).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('counts an unseen generator once, keyed by family, tenant, payer and the submission time', async () => {
    const { model, event, sender } = await input()
    const { calls, deps } = recorder()
    const vtb = fingerprints['vtb']!
    const registry = { vtb: { ...vtb, categorical: { ...vtb.categorical, producer: ['older 1.0'] } } }
    const evidence = await templateDriftEvidence(event, model, registry, deps)
    expect(calls).toEqual([
      [
        {
          family: 'vtb',
          signature: expect.stringContaining('producer='),
          tenantId: 'ten_a',
          payer: sender,
          at: new Date('2026-03-11T07:12:00.000Z'),
        },
        48 * 3_600_000,
      ],
    ])
    expect(evidence).toMatchObject({ payers: 7, tenants: 3, minPayers: 5, minTenants: 2, windowHours: 48 })
  })
})
