import { describe, expect, it } from 'vitest'
import { serviceNames, startServices } from './start-services'

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
