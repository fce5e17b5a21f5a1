import { eventSchemas } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import {
  allTopics,
  deadLetterTopic,
  eventTopics,
  isEventTopic,
  logicalTopic,
  physicalTopic,
  valueSubject,
} from './topics'

describe('topics', () => {
  it('are the eight event topics of the contract, the console’s check.reviewed.v1 and the dead-letter topic', () => {
    expect([...eventTopics].sort()).toEqual([
      'check.authenticated.v1',
      'check.completed.v1',
      'check.extracted.v1',
      'check.matched.v1',
      'check.replay-checked.v1',
      'check.reviewed.v1',
      'check.settlement-changed.v1',
      'check.submitted.v1',
      'credit.received.v1',
    ])
    expect(allTopics).toEqual([...eventTopics, deadLetterTopic])
    expect(deadLetterTopic).toBe('check.dead-letter.v1')
  })

  it('each event topic has a standalone schema titled after it', () => {
    for (const topic of eventTopics) {
      const schema = eventSchemas[topic] as { title: string; $id: string }
      expect(schema.$id).toContain(`/events/${topic}.schema.json`)
      expect(JSON.stringify(schema)).not.toContain('$ref')
    }
  })

  it('map logical names to prefixed physical names and back, with TopicNameStrategy subjects', () => {
    const physical = physicalTopic('t-1a2b.', 'check.matched.v1')
    expect(physical).toBe('t-1a2b.check.matched.v1')
    expect(logicalTopic('t-1a2b.', physical)).toBe('check.matched.v1')
    expect(valueSubject(physical)).toBe('t-1a2b.check.matched.v1-value')
    expect(() => logicalTopic('other.', physical)).toThrow(/lacks prefix/)
  })

  it('tell event topics from others', () => {
    expect(isEventTopic('check.completed.v1')).toBe(true)
    expect(isEventTopic(deadLetterTopic)).toBe(false)
    expect(isEventTopic('check.completed.v2')).toBe(false)
  })
})
