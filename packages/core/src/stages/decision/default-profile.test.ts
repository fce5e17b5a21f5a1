import { profileSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { defaultProfile } from './default-profile'

describe('defaultProfile', () => {
  it('is a valid, complete profile named default, version 1', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(profileSchema)
    expect(validate(defaultProfile), JSON.stringify(validate.errors)).toBe(true)
    expect(defaultProfile).toMatchObject({ name: 'default', version: 1 })
  })
})
