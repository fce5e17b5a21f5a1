import { describe, expect, it } from 'vitest'
import { createBacklog } from './backlog'

describe('createBacklog', () => {
  it('makes room only once enough accepted checks completed', async () => {
    const done = new Set<string>()
    const backlog = createBacklog(1, (id) => done.has(id))
    backlog.add('a')
    backlog.add('b')
    let roomy = false
    const waiting = backlog.room(Date.now() + 10_000).then(() => {
      roomy = true
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(roomy).toBe(false)
    done.add('a')
    await waiting
    expect(roomy).toBe(true)
    expect(backlog.outstanding).toBe(1)
  })

  it('stops waiting at the deadline', async () => {
    const backlog = createBacklog(0, () => false)
    backlog.add('a')
    await backlog.room(Date.now() + 50)
    expect(backlog.outstanding).toBe(1)
  })
})
