import type { FieldLocation } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { editingSoftwareCheck, sbpIdTimeCheck } from '../authenticity/image/image-checks'
import { valueAlignmentCheck } from '../authenticity/image/value-alignment'
import { relativeBox } from './evidence-boxes'
import { explainCheck } from './explain-check'
import { pictureCheckFields, pictureEvidence } from './picture-evidence'

/** Where each field was read on a picture, in fractions of it (two lines for the wrapped recipient). */
const at = (field: string, top: number): FieldLocation => ({
  field,
  page: 1,
  left: 0.6,
  top,
  width: 0.3,
  height: 0.02,
})
const locations = [
  at('status_ok', 0.2),
  at('paid_at', 0.25),
  at('recipient_name', 0.3),
  at('recipient_name', 0.32),
  at('bank', 0.4),
  at('amount', 0.45),
  at('receipt_number', 0.5),
]

/** Value facts as extraction states them on a VTB picture: `[field, label x, value x, value right]`. */
const vtb: [string, number, number, number][] = [
  ['status_ok', 17, 206, 252.1],
  ['paid_at', 16.5, 177, 251.9],
  ['recipient_name', 16.3, 163, 250.9],
  ['bank', 15.8, 221, 250.7],
  ['amount', 15, 215, 249.9],
]
const alignment = (moved: Record<string, number>) =>
  valueAlignmentCheck(
    'vtb/sbp_outgoing',
    Object.fromEntries(
      vtb.flatMap(([field, labelX, x, right]) => [
        [`label.${field}.x`, labelX],
        [`value.${field}.x`, x],
        [`value.${field}.right`, right + (moved[field] ?? 0)],
      ]),
    ),
  )!

describe('pictureEvidence', () => {
  it('boxes the value the alignment check finds off the margin, and only it', () => {
    const check = alignment({ amount: 5.2 })
    expect(check.passed).toBe(false)
    expect(pictureCheckFields(check)).toEqual(['amount'])
    expect(pictureEvidence(check, locations)).toEqual([at('amount', 0.45)])
  })

  it('boxes every line of each value off the edge, in the order the check names them', () => {
    const check = alignment({ recipient_name: -6, bank: 6 })
    expect(check.passed).toBe(false)
    expect(pictureEvidence(check, locations)).toEqual([
      at('recipient_name', 0.3),
      at('recipient_name', 0.32),
      at('bank', 0.4),
    ])
  })

  it('boxes the SBP id and the printed time when their times disagree', () => {
    const id = 'A60420710120000000000000000ABCDE'
    const check = sbpIdTimeCheck(
      'vtb/sbp_outgoing',
      { receipt_number: id, paid_at: null, paid_at_source: null },
      { sbp_id: id, printed_time_msk: '2026-02-11T11:10:12' },
    )!
    expect(check.passed).toBe(false)
    expect(pictureEvidence(check, locations)).toEqual([at('receipt_number', 0.5), at('paid_at', 0.25)])
  })

  it('has none for a passed check, a check of the file, or a field with no known place', () => {
    expect(pictureEvidence(alignment({}), locations)).toEqual([])
    const software = editingSoftwareCheck({ software: ['Adobe Photoshop 25.0'] } as never)
    expect(software.passed).toBe(false)
    expect(pictureEvidence(software, locations)).toEqual([])
    expect(pictureEvidence(alignment({ amount: 5.2 }), [at('bank', 0.4)])).toEqual([])
  })

  it('gives a failed picture check its fields’ places as its boxes, already in fractions of the picture', () => {
    const e = explainCheck(alignment({ amount: 5.2 }), 'vtb/sbp_outgoing', locations)
    expect(e.boxes).toEqual([at('amount', 0.45)])
    expect(relativeBox(e.boxes[0]!, { width: 750, height: 1500 })).toEqual({
      left: 0.6,
      top: 0.45,
      width: 0.3,
      height: 0.02,
    })
    // A PDF check's detail is still read for its boxes in points, never its fields' places.
    const pdf = explainCheck(
      {
        name: 'layout.alignment',
        hard: false,
        passed: false,
        detail: 'amount: page 1, box x 1–2, baseline 30',
      },
      'vtb/sbp_outgoing',
      locations,
    )
    expect(pdf.boxes).toEqual([{ page: 1, x0: 1, x1: 2, top: 21, bottom: 33 }])
  })
})
