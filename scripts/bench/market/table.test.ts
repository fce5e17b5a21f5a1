import { describe, expect, it } from 'vitest'
import { formatTable, MarketTable, verdictOf } from './table'

describe('MarketTable', () => {
  it('counts each verdict in its own cell and column, forgeries apart', () => {
    const t = new MarketTable()
    t.genuine('late_download', 'tbank/sbp', 'genuine')
    t.genuine('late_download', 'tbank/sbp', 'suspicious')
    t.genuine('late_download', 'tbank/sbp', 'genuine')
    t.genuine('late_download', 'alfa/sbp', 'forged')
    t.genuine('held_transfer', 'alfa/sbp', null)
    t.forgery('late_download', 'tbank/sbp', 'genuine')
    t.forgery('late_download', 'tbank/sbp', 'forged')
    t.forgery('late_download', 'tbank/sbp', 'unknown')
    const [tbank, alfa, held] = t.rows()
    expect(tbank).toEqual({
      behaviour: 'late_download',
      family: 'tbank/sbp',
      n: 3,
      forged: 0,
      suspicious: 1,
      unknown: 0,
      genuine: 2,
      forgeries: 3,
      forgeriesNotGenuine: 2,
    })
    expect(alfa).toMatchObject({ n: 1, forged: 1, genuine: 0, forgeries: 0 })
    expect(held).toMatchObject({ behaviour: 'held_transfer', n: 1, unknown: 1 })
    expect(t.totals()).toEqual([
      expect.objectContaining({ behaviour: 'late_download', family: 'all', n: 4, forged: 1, suspicious: 1 }),
      expect.objectContaining({ behaviour: 'held_transfer', family: 'all', n: 1, unknown: 1 }),
    ])
    expect(t.totals()[0]).toMatchObject({ genuine: 2, forgeries: 3, forgeriesNotGenuine: 2 })
  })

  it('reads anything but the three verdicts as unknown', () => {
    expect(verdictOf('genuine')).toBe('genuine')
    expect(verdictOf(undefined)).toBe('unknown')
    expect(verdictOf('rejected:encrypted')).toBe('unknown')
  })

  it('prints one row per cell, with the forgery column only when asked', () => {
    const t = new MarketTable()
    t.genuine('minutes_only', 'tbank/sbp', 'genuine')
    t.forgery('minutes_only', 'tbank/sbp', 'forged')
    const withForgeries = formatTable(t.rows(), true).split('\n')
    expect(withForgeries).toHaveLength(3)
    expect(withForgeries[2]).toBe('| minutes_only | tbank/sbp | 1 | 0 | 0 | 0 | 1 | 1 of 1 (100.0 %) |')
    expect(formatTable(t.rows(), false).split('\n')[2]).toBe(
      '| minutes_only | tbank/sbp | 1 | 0 | 0 | 0 | 1 |',
    )
  })
})
