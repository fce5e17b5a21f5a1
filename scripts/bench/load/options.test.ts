import { describe, expect, it } from 'vitest'
import { parseLoadOptions } from './options'

describe('parseLoadOptions', () => {
  it('has defaults', () => {
    expect(parseLoadOptions([])).toEqual({
      rate: 10,
      rates: [10],
      durationS: 30,
      stored: 0,
      credits: 0,
      settleS: 0,
      settleVacuum: false,
      tenants: 1,
      replicas: {},
      drainS: 30,
      idleS: 10,
      warmS: 0,
      concurrency: undefined,
      partitions: undefined,
      cpuProfDir: undefined,
      quietBelow: undefined,
      quietWaitS: 1800,
      observability: undefined,
      compare: undefined,
    })
  })

  it('reads every option', () => {
    const o = parseLoadOptions(
      '--rate 30 --duration 60 --stored 100000 --credits 5000 --settle 120 --tenants 4 --replicas authenticity=2,extraction=3 --drain 5 --idle 0 --warm 20 --concurrency 4 --partitions 6 --quiet-below 1.5 --quiet-wait 600 --observability off,on'.split(
        ' ',
      ),
    )
    expect(o).toEqual({
      rate: 30,
      rates: [30],
      durationS: 60,
      stored: 100000,
      credits: 5000,
      settleS: 120,
      settleVacuum: false,
      tenants: 4,
      replicas: { authenticity: 2, extraction: 3 },
      drainS: 5,
      idleS: 0,
      warmS: 20,
      concurrency: 4,
      partitions: 6,
      cpuProfDir: undefined,
      quietBelow: 1.5,
      quietWaitS: 600,
      observability: ['off', 'on'],
      compare: undefined,
    })
  })

  it('reads a list of rates as the points of one curve, in the order given', () => {
    const o = parseLoadOptions(['--rate', '5,10,2.5'])
    expect(o.rates).toEqual([5, 10, 2.5])
    expect(o.rate).toBe(5)
  })

  it('reads a comparison at one rate, and refuses one over a curve, observability modes or seeding', () => {
    const o = parseLoadOptions('--compare main,worktree --rounds 3 --rate 5 --duration 20'.split(' '))
    expect(o.compare?.sides.map((s) => s.ref)).toEqual(['main', 'worktree'])
    expect(o.compare?.rounds).toBe(3)
    expect(() => parseLoadOptions('--compare main,worktree --rate 5,10'.split(' '))).toThrow(/one --rate/)
    expect(() => parseLoadOptions('--compare-env A:X=1 --observability off,on'.split(' '))).toThrow(
      /one --rate/,
    )
    expect(() => parseLoadOptions('--compare a,b --stored 10'.split(' '))).toThrow(/one --rate/)
    expect(() => parseLoadOptions('--compare a,b --seed-volume'.split(' '))).toThrow(/one --rate/)
  })

  it('reads --seed-volume as a million checks and credits, or the count given, which --stored and --credits override', () => {
    expect(parseLoadOptions(['--seed-volume'])).toMatchObject({ stored: 1_000_000, credits: 1_000_000 })
    expect(parseLoadOptions('--seed-volume --rate 5'.split(' '))).toMatchObject({
      stored: 1_000_000,
      rate: 5,
    })
    expect(parseLoadOptions('--seed-volume 2000'.split(' '))).toMatchObject({ stored: 2000, credits: 2000 })
    expect(parseLoadOptions('--seed-volume 2000 --credits 10'.split(' '))).toMatchObject({
      stored: 2000,
      credits: 10,
    })
    expect(() => parseLoadOptions('--seed-volume 0'.split(' '))).toThrow(/seed-volume/)
  })

  it('refuses a bad value instead of guessing', () => {
    expect(() => parseLoadOptions(['--rate', 'fast'])).toThrow(/--rate/)
    expect(() => parseLoadOptions(['--rate', '5,,10'])).toThrow(/--rate/)
    expect(() => parseLoadOptions(['--rate', '5,0'])).toThrow(/--rate/)
    expect(() => parseLoadOptions(['--quiet-below', 'low'])).toThrow(/--quiet-below/)
    expect(() => parseLoadOptions(['--rate'])).toThrow(/needs a value/)
    expect(() => parseLoadOptions(['--replicas', 'gateway=2'])).toThrow(/unknown service/)
  })

  it('--settle vacuum waits for autovacuum instead of a number of seconds', () => {
    expect(parseLoadOptions(['--seed-volume', '--settle', 'vacuum'])).toMatchObject({
      settleS: 0,
      settleVacuum: true,
    })
  })
})
