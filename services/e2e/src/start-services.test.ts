import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { keepOutput } from './child-output'
import { type Child, describeChildren, serviceNames, startServices } from './start-services'

describe('startServices', () => {
  it('names the service that died during start-up and shows its last output', async () => {
    // An unusable database URL: every service that opens the store exits at once with the driver's error.
    const failed = startServices({
      env: { PATH: process.env.PATH, MONGODB_URL: 'not-a-mongodb-url', KAFKA_BROKERS: '127.0.0.1:1' },
      output: 'ignore',
      readyTimeoutMs: 60_000,
    })
    const error = await failed.then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toMatch(
      new RegExp(`^(${serviceNames.join('|')}) exited with code 1 during start-up; its last output:\\n`),
    )
    expect(error?.message).toContain('MongoParseError')
  }, 90_000)
})

describe('describeChildren', () => {
  it("puts every replica's state on the first line, then each one's last lines", async () => {
    const running = spawn(process.execPath, ['-e', 'console.log("first"); setInterval(() => {}, 1000)'])
    const exited = spawn(process.execPath, ['-e', 'console.error("boom"); process.exit(3)'])
    const children: Child[] = [
      { name: 'gateway', process: running, tail: keepOutput(running, 'ignore') },
      { name: 'extraction', process: exited, tail: keepOutput(exited, 'ignore') },
    ]
    try {
      await once(exited, 'close')
      await waitFor(() => children[0]!.tail.length > 0)
      expect(describeChildren(children).split('\n')).toEqual([
        'services: gateway running, extraction exited (code 3, signal null)',
        '  gateway| first',
        '  extraction| boom',
      ])
    } finally {
      running.kill()
    }
  })
})

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20))
}
