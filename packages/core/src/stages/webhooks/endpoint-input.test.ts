import { describe, expect, it } from 'vitest'
import { parseWebhookEndpointInput } from './endpoint-input'

describe('parseWebhookEndpointInput', () => {
  it('accepts an http(s) URL and known events, deduplicated', () => {
    expect(
      parseWebhookEndpointInput({
        url: 'https://shop.example/hooks?x=1',
        events: ['check.completed', 'check.reviewed', 'check.completed'],
        description: 'shop',
      }),
    ).toEqual({
      ok: true,
      input: {
        url: 'https://shop.example/hooks?x=1',
        events: ['check.completed', 'check.reviewed'],
        description: 'shop',
      },
    })
  })

  it.each([
    [{ url: 'ftp://shop.example', events: ['check.completed'] }, '/url'],
    [{ url: 'https://user:pw@shop.example', events: ['check.completed'] }, '/url'],
    [{ url: 'https://shop.example/#x', events: ['check.completed'] }, '/url'],
    [{ url: 'shop.example/hooks', events: ['check.completed'] }, '/url'],
    [{ url: 'https://shop.example', events: [] }, '/events'],
    [{ url: 'https://shop.example', events: ['check.done'] }, '/events/0'],
    [{ url: 'https://shop.example', events: ['check.completed'], secret: 'mine' }, '/secret'],
    [
      { url: 'https://shop.example', events: ['check.completed'], description: 'x'.repeat(201) },
      '/description',
    ],
  ])('refuses %j at %s', (body, path) => {
    const result = parseWebhookEndpointInput(body)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems.map((p) => p.path)).toContain(path)
  })
})
