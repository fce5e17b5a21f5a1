import { describe, expect, it } from 'vitest'
import { modelPromptText, truncationMark } from './model-prompt-text'

describe('modelPromptText', () => {
  it('keeps a text within the cap as it is', () => {
    expect(modelPromptText('Чек 600 ₽', 100)).toBe('Чек 600 ₽')
  })

  it('keeps the head of a longer text, marked, within the cap', () => {
    const capped = modelPromptText(`Сумма 600 ₽ ${'x'.repeat(100_000)}`, 6000)
    expect(capped.length).toBeLessThanOrEqual(6000)
    expect(capped.startsWith('Сумма 600 ₽')).toBe(true)
    expect(capped.endsWith(truncationMark)).toBe(true)
  })

  it('never splits a surrogate pair', () => {
    const capped = modelPromptText('😀'.repeat(100), 11)
    expect(capped.length).toBeLessThanOrEqual(11)
    expect(capped.replace(truncationMark, '')).toBe('😀'.repeat(3))
  })
})
