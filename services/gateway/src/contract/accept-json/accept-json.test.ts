import { describe, expect, it } from 'vitest'
import { acceptsJson } from './accept-json'

describe('acceptsJson', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['*/*', true],
    ['application/json', true],
    ['application/*;q=0.5', true],
    ['application/problem+json', true],
    ['text/html, application/json;q=0.1', true],
    ['text/html', false],
    ['application/json;q=0', false],
    ['application/xml, text/csv', false],
  ])('%s -> %s', (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected)
  })
})
