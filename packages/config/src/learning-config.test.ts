import { describe, expect, it } from 'vitest'
import { createEnvReader } from './env-reader'
import { readLearning } from './learning-config'

describe('readLearning', () => {
  it('lets no tenant teach unless the operator lists them', () => {
    expect(readLearning(createEnvReader({})).tenants).toEqual([])
    expect(readLearning(createEnvReader({ LEARNING_TENANTS: ' ten_a, ten_b ,' })).tenants).toEqual([
      'ten_a',
      'ten_b',
    ])
  })
})
