import { exampleRecord } from '@rv/core'
import { describe, expect, it } from 'vitest'
import { type Completion, recordCompletion } from './completion-watcher'

const delivery = (partition: number, offset: string) => ({
  key: 'chk_1',
  value: exampleRecord(),
  partition,
  offset,
})

describe('recordCompletion', () => {
  it('counts a message delivered again to the watcher as a redelivery, not a second completion', () => {
    const completions = new Map<string, Completion>()
    recordCompletion(completions, delivery(1, '40'), 0)
    recordCompletion(completions, delivery(1, '40'), 5)
    expect(completions.get('chk_1')).toMatchObject({ count: 1, redelivered: 1, firstAt: 0 })
  })

  it('counts a second message for the check as a duplicate completion, wherever it sits', () => {
    const completions = new Map<string, Completion>()
    recordCompletion(completions, delivery(1, '40'), 0)
    recordCompletion(completions, delivery(1, '41'), 1)
    recordCompletion(completions, delivery(2, '40'), 2)
    expect(completions.get('chk_1')).toMatchObject({ count: 3, redelivered: 0 })
  })
})
