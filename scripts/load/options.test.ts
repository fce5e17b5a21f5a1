import { describe, expect, it } from 'vitest'
import { parseLoadOptions } from './options'

describe('parseLoadOptions', () => {
  it('has defaults', () => {
    expect(parseLoadOptions([])).toEqual({
      rate: 10,
      durationS: 30,
      stored: 0,
      settleS: 0,
      tenants: 1,
      replicas: {},
      drainS: 30,
      concurrency: undefined,
      partitions: undefined,
      cpuProfDir: undefined,
    })
  })

  it('reads every option', () => {
    const o = parseLoadOptions(
      '--rate 30 --duration 60 --stored 100000 --settle 120 --tenants 4 --replicas authenticity=2,extraction=3 --drain 5 --concurrency 4 --partitions 6'.split(
        ' ',
      ),
    )
    expect(o).toEqual({
      rate: 30,
      durationS: 60,
      stored: 100000,
      settleS: 120,
      tenants: 4,
      replicas: { authenticity: 2, extraction: 3 },
      drainS: 5,
      concurrency: 4,
      partitions: 6,
      cpuProfDir: undefined,
    })
  })

  it('refuses a bad value instead of guessing', () => {
    expect(() => parseLoadOptions(['--rate', 'fast'])).toThrow(/--rate/)
    expect(() => parseLoadOptions(['--rate'])).toThrow(/needs a value/)
    expect(() => parseLoadOptions(['--replicas', 'gateway=2'])).toThrow(/unknown service/)
  })
})
