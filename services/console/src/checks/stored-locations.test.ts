import { describe, expect, it } from 'vitest'
import { storedLocations } from './stored-locations'

describe('storedLocations', () => {
  const at = { field: 'amount', page: 1, left: 0.6, top: 0.3, width: 0.1, height: 0.02 }

  it('reads the locations the aggregator kept in the extraction slot', () => {
    expect(storedLocations({ extraction: { type: 'extracted', fieldLocations: [at] } })).toEqual([at])
  })

  it('has none for a slot stored before, a missing slot, or anything not shaped like a location', () => {
    expect(storedLocations({ extraction: { type: 'extracted' } })).toEqual([])
    expect(storedLocations(undefined)).toEqual([])
    const bad = [{ ...at, page: 0 }, { ...at, left: 1.5 }, { ...at, field: 3 }, null]
    expect(storedLocations({ extraction: { fieldLocations: [...bad, at] } })).toEqual([at])
  })
})
