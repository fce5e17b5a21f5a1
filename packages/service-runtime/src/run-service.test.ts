import { createLogger } from '@rv/logger'
import { describe, expect, it } from 'vitest'
import type { BusConfig } from './open-event-bus'
import { type RunningService, runService, type ServiceOptions, type ServiceStart } from './run-service'

const logger = createLogger({ level: 'silent' })
// The bus is never opened here (`openBus` is not called): its configuration is never read.
const busConfig = {} as BusConfig
const observability: ServiceOptions['config']['observability'] = {
  metricsEnabled: false,
  otlpEndpoint: undefined,
  traceSampler: { name: 'parentbased_always_on', ratio: 1 },
}

/** A service on test-only signals (so no real SIGTERM handler is left behind) whose exit is recorded. */
async function run(
  start: ServiceOptions['start'],
  extra: Partial<ServiceOptions> = {},
): Promise<{ running: RunningService; exits: number[] }> {
  const exits: number[] = []
  const running = await runService({
    name: 'test-service',
    config: { ...busConfig, health: { host: '127.0.0.1', port: 0 }, observability },
    logger,
    start,
    signals: [],
    exit: (code) => exits.push(code),
    ...extra,
  })
  return { running, exits }
}

async function status(url: string, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${url}${path}`)
  return { status: res.status, body: await res.text() }
}

describe('runService', () => {
  it('answers liveness during start-up and is ready only once the consumer is watched', async () => {
    const seen: { healthz?: number; readyz?: string; after?: string } = {}
    let consumerRuns = true
    const { running } = await run(async (service: ServiceStart) => {
      const url = service.health!.url
      seen.healthz = (await status(url, '/healthz')).status
      seen.readyz = (await status(url, '/readyz')).body
      service.watch({ isRunning: () => consumerRuns })
      seen.after = (await status(url, '/readyz')).body
      return [
        async () => {
          consumerRuns = false
          seen.after += ` | stopped: ${(await status(url, '/readyz')).body}`
        },
      ]
    })
    await running.shutdown('SIGTERM')
    expect(seen).toEqual({
      healthz: 200,
      readyz: '{"status":"not_ready","reason":"consumer_starting"}',
      after: '{"status":"ready"} | stopped: {"status":"not_ready","reason":"consumer_not_running"}',
    })
  })

  it('closes the HTTP servers first, then the stop list in its order, then the health server, then exits 0', async () => {
    const order: string[] = []
    let healthUrl = ''
    const { running, exits } = await run(async (service) => {
      healthUrl = service.health!.url
      service.serving({ close: () => order.push('public server') })
      service.serving({ close: () => order.push('operator server') })
      return [
        async () => {
          // The health server still answers while the service's own parts stop.
          order.push(`sweeper (health ${(await status(healthUrl, '/healthz')).status})`)
        },
        () => order.push('bus'),
        () => order.push('store'),
      ]
    })
    expect(order).toEqual([])
    await running.shutdown('SIGTERM')
    expect(order).toEqual(['public server', 'operator server', 'sweeper (health 200)', 'bus', 'store'])
    await expect(fetch(`${healthUrl}/healthz`)).rejects.toThrow()
    expect(exits).toEqual([0])
  })

  it('serves the exposition the service gives on /metrics', async () => {
    let url = ''
    const { running } = await run(
      async (service) => {
        url = service.health!.url
        return []
      },
      { metrics: async () => ({ contentType: 'text/plain', body: 'rv_queue_depth 3\n' }) },
    )
    expect(await status(url, '/metrics')).toEqual({ status: 200, body: 'rv_queue_depth 3\n' })
    await running.shutdown('SIGTERM')
  })

  it('opens no health server without a port, and shuts down on its signal', async () => {
    let health: unknown = 'unset'
    let exited: (code: number) => void = () => undefined
    const exitCode = new Promise<number>((resolve) => {
      exited = resolve
    })
    await run(
      async (service) => {
        health = service.health
        return []
      },
      {
        config: { ...busConfig, health: { host: '127.0.0.1', port: undefined }, observability },
        signals: ['SIGUSR2'],
        exit: (code) => exited(code),
      },
    )
    expect(health).toBeUndefined()
    process.emit('SIGUSR2', 'SIGUSR2')
    expect(await exitCode).toBe(0)
  })
})
