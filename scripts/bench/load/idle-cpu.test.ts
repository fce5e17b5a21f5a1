import { describe, expect, it } from 'vitest'
import { idleRates, marginalCpuPerCheck } from './idle-cpu'

describe('idle CPU', () => {
  it('turns two snapshots over a watched span into ms per second per group', () => {
    expect(idleRates({ kafka: 1000, gateway: 200 }, { kafka: 1250, gateway: 210 }, 10)).toEqual({
      kafka: 25,
      gateway: 1,
    })
  })

  it('takes the idle rate over the window out of the window CPU before dividing by the checks', () => {
    // 60 s window: kafka paid 3000 ms, 25 ms/s of it (1500 ms) it pays idle; 100 checks -> 15 ms each.
    const marginal = marginalCpuPerCheck({ kafka: 3000, gateway: 700 }, { kafka: 25, gateway: 2 }, 60, 100)
    expect(marginal.kafka).toBeCloseTo(15)
    expect(marginal.gateway).toBeCloseTo(5.8)
  })

  it('leaves a group with no idle figure whole, and never divides by zero checks', () => {
    expect(marginalCpuPerCheck({ minio: 500 }, {}, 30, 0)).toEqual({ minio: 500 })
  })
})
