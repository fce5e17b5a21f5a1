import { describe, expect, it } from 'vitest'
import { EM_ABOVE, EM_BELOW, evidenceBoxes, relativeBox } from './evidence-boxes'

describe('evidenceBoxes', () => {
  it('reads every box a detail states', () => {
    const boxes = evidenceBoxes(
      'amount right edge off: page 1, box x 100.0–180.5, baseline 240.2; also page 2, box x 10–20, baseline 30',
    )
    expect(boxes).toEqual([
      { page: 1, x0: 100, x1: 180.5, top: 240.2 - EM_ABOVE, bottom: 240.2 + EM_BELOW },
      { page: 2, x0: 10, x1: 20, top: 30 - EM_ABOVE, bottom: 30 + EM_BELOW },
    ])
  })

  it('finds none in a detail without a place', () => {
    expect(evidenceBoxes('Info /Producer "x" not seen in 46 genuine receipts')).toEqual([])
  })

  it('scales a box to fractions of its page', () => {
    const [box] = evidenceBoxes('page 1, box x 60–120, baseline 100')
    expect(relativeBox(box!, { width: 600, height: 800 })).toEqual({
      left: 0.1,
      top: (100 - EM_ABOVE) / 800,
      width: 0.1,
      height: (EM_ABOVE + EM_BELOW) / 800,
    })
  })
})
