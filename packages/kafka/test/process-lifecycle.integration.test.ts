/**
 * Consumers in child processes, killed or stopped while holding a message: nothing is lost, nothing is
 * committed early, and SIGTERM shuts down cleanly within the bound.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsumedMessage } from '../src/consumer-types'
import { physicalTopic } from '../src/topics'
import { readLedgerFile } from './fixtures/file-ledger'
import { matchedEvent, newCheckId } from './sample-events'
import {
  brokers,
  committedTotal,
  createTestBus,
  randomName,
  recordCount,
  registryUrl,
  type TestBus,
  waitFor,
} from './stack'

interface Child {
  process: ChildProcess
  events: { event: string; key?: string; offset?: string; attempt?: number; msg?: string }[]
  exited: Promise<number | null>
}

const fixture = join(import.meta.dirname, 'fixtures', 'consumer-process.ts')
const children: Child[] = []
let current: TestBus | undefined

afterEach(async () => {
  for (const child of children.splice(0)) child.process.kill('SIGKILL')
  await current?.cleanup()
  current = undefined
})

function startChild(
  prefix: string,
  groupId: string,
  mode: 'hang' | 'ack' | 'retry' | 'poison',
  extraEnv: Record<string, string> = {},
): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      KAFKA_BROKERS: brokers.join(','),
      SCHEMA_REGISTRY_URL: registryUrl,
      RV_PREFIX: prefix,
      RV_GROUP: groupId,
      RV_MODE: mode,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const events: Child['events'] = []
  let buffered = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line))
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const handle = { process: child, events, exited }
  children.push(handle)
  return handle
}

describe('consumer processes against the real Kafka', () => {
  it('redelivers a message whose consumer was killed before committing it', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')

    const doomed = startChild(prefix, groupId, 'hang')
    const first = await waitFor(() => doomed.events.find((e) => e.event === 'received'))
    expect(first.key).toBe(id)
    doomed.process.kill('SIGKILL')
    await doomed.exited
    const topic = physicalTopic(prefix, 'check.matched.v1')
    expect(await committedTotal(groupId, topic)).toBe(0)

    // The same group picks the message up again once the dead member's session expires.
    const received: ConsumedMessage<'check.matched.v1'>[] = []
    await bus.consume({ groupId, topics: ['check.matched.v1'], handle: async (m) => void received.push(m) })
    const again = await waitFor(() => received[0])
    expect(again.key).toBe(id)
    expect(again.offset).toBe(first.offset)
    expect(again.value).toEqual(matchedEvent(id))
    await waitFor(async () => ((await committedTotal(groupId, topic)) === 1 ? true : undefined))
  })

  it('shuts down cleanly on SIGTERM after committing what it handled', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const child = startChild(prefix, groupId, 'ack')
    await waitFor(() => child.events.find((e) => e.event === 'received'))
    const topic = physicalTopic(prefix, 'check.matched.v1')
    await waitFor(async () => ((await committedTotal(groupId, topic)) === 1 ? true : undefined))
    const sentAt = Date.now()
    child.process.kill('SIGTERM')
    expect(await child.exited).toBe(0)
    console.log(`SIGTERM to exit (idle consumer): ${Date.now() - sentAt} ms`)
    expect(child.events.map((e) => e.msg)).toContain('shut down cleanly')
  })

  it('on SIGTERM during a retry backoff, exits without dead-lettering or committing, so the message comes back', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const child = startChild(prefix, groupId, 'retry')
    await waitFor(() => child.events.find((e) => e.event === 'log' && e.msg === 'handler failed, retrying'))
    const sentAt = Date.now()
    child.process.kill('SIGTERM')
    expect(await child.exited).toBe(0)
    console.log(`SIGTERM to exit (consumer in a 60 s backoff): ${Date.now() - sentAt} ms`)
    const topic = physicalTopic(prefix, 'check.matched.v1')
    expect(await committedTotal(groupId, topic)).toBe(0)
    expect(await recordCount(physicalTopic(prefix, 'check.dead-letter.v1'))).toBe(0)

    const received: ConsumedMessage<'check.matched.v1'>[] = []
    await bus.consume({ groupId, topics: ['check.matched.v1'], handle: async (m) => void received.push(m) })
    expect((await waitFor(() => received[0])).key).toBe(id)
  })

  it('dead-letters a message that kills every consumer process, counting it only after the first death', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const before = [newCheckId(), newCheckId(), newCheckId()]
    const poison = newCheckId()
    const after = newCheckId()
    for (const id of [...before, poison, after]) await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const ledgerPath = join(mkdtempSync(join(tmpdir(), 'rv-ledger-')), 'ledger.json')
    const env = { RV_LEDGER: ledgerPath, RV_POISON: poison }
    // maxDeliveries 2: the first process dies uncounted, the second counted (2), the third gives it up.
    const lives: Child[] = []
    for (let life = 0; life < 3; life++) {
      const child = startChild(prefix, groupId, 'poison', env)
      lives.push(child)
      const end = await Promise.race([
        child.exited.then(() => 'died' as const),
        waitFor(() => child.events.find((e) => e.event === 'dead_lettered'), 90_000).then(
          () => 'gave up' as const,
        ),
      ])
      expect(end).toBe(life < 2 ? 'died' : 'gave up')
    }
    const last = lives[2]!
    expect(last.events.find((e) => e.event === 'dead_lettered')).toMatchObject({
      key: poison,
      msg: 'stage_redelivery_limit',
    })
    await waitFor(() => last.events.find((e) => e.event === 'received' && e.key === after))
    expect(last.events.some((e) => e.event === 'received' && e.key === poison)).toBe(false)
    // The poison counted twice (second and third lives), then forgotten; no count left behind.
    const ledger = readLedgerFile(ledgerPath)
    expect(Object.values(ledger.reservations)).toHaveLength(1)
    await waitFor(() => (Object.keys(readLedgerFile(ledgerPath).counts).length === 0 ? true : undefined))
  })
})
