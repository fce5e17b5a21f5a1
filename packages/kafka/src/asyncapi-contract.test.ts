/**
 * The dead-letter headers this package writes are the ones schemas/asyncapi.yaml documents.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { deadLetterHeader } from './dead-letter'
import { allTopics } from './topics'

const asyncapi = parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'schemas', 'asyncapi.yaml'), 'utf8'),
)

describe('asyncapi.yaml agrees with @rv/kafka', () => {
  it('documents exactly the dead-letter headers written', () => {
    const headers = asyncapi.components.messages.DeadLetter.headers
    expect(headers.required).toEqual(Object.values(deadLetterHeader))
    expect(Object.keys(headers.properties)).toEqual(Object.values(deadLetterHeader))
  })

  it('has a channel for every topic created', () => {
    const addresses = Object.values(asyncapi.channels as Record<string, { address: string }>).map(
      (c) => c.address,
    )
    expect(addresses.sort()).toEqual([...allTopics].sort())
  })
})
