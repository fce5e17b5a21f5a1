import { describe, expect, it } from 'vitest'
import { repairOperationNumber, repairSbpId } from './repair-sbp-id'

// Synthetic ids in the documented shape (FAMILIES.md's fake example and variations), never real ones.
const id = 'A6065223110K7Q2P0000030011700501'

describe('repairSbpId', () => {
  it('keeps a well-read id as it is', () => {
    expect(repairSbpId(id)).toEqual({ id, changed: [], ambiguous: false })
  })

  it('turns letters read in digit positions back into their digits', () => {
    // 0 read as O in the day, time, 0000NN and tail; 5 as S in the day; 1 as l at the end.
    const read = 'A6O6S22311OK7Q2PO0OOO3OO1l7OO5Ol'
    const repaired = repairSbpId(read)
    expect(repaired?.id).toBe(id)
    expect(repaired?.ambiguous).toBe(false)
    expect(repaired?.changed).toEqual([3, 5, 11, 17, 19, 20, 21, 23, 24, 26, 28, 29, 31, 32])
  })

  it('reads B, Z, З and | as 8, 2, 3 and 1 where the format needs a digit', () => {
    expect(repairSbpId('A6O652Z3ll0K7Q2P0000030011700501')?.id).toBe(id)
    expect(repairSbpId('A6065223110K7Q2P00000З0011700501')?.id).toBe(id)
    expect(repairSbpId('A6|65223110K7Q2P0000030011700501')?.id).toBe('A6165223110K7Q2P0000030011700501')
    expect(repairSbpId('A6065223110K7Q2P00000B0011700501')?.id).toBe('A6065223110K7Q2P0000080011700501')
  })

  it('puts Cyrillic twins back as Latin, and the first character as A or B', () => {
    expect(repairSbpId('А6065223110К7Q2Р0000030011700501')).toEqual({
      id,
      changed: [1, 12, 16],
      ambiguous: true,
    })
    expect(repairSbpId('86065223110K7Q2P0000030011700501')?.id).toBe(`B${id.slice(1)}`)
    expect(repairSbpId('46065223110K7Q2P0000030011700501')?.id).toBe(id)
  })

  it('reads position 18 as 0, B or G (the April 2026 ids carry 0B10NN / 0G10NN)', () => {
    expect(repairSbpId('A6065223110K7Q2P0810030011740501')?.id).toBe('A6065223110K7Q2P0B10030011740501')
    expect(repairSbpId('A6065223110K7Q2P0610030011740501')?.id).toBe('A6065223110K7Q2P0G10030011740501')
    expect(repairSbpId('A6065223110K7Q2P0O00030011700501')?.id).toBe(id)
  })

  it('flags a guessed character in the free positions 12–16 and keeps a plain one', () => {
    expect(repairSbpId('A6065223110k7Q2P0000030011700501')?.ambiguous).toBe(true)
    expect(repairSbpId('A6065223110K7О2P0000030011700501')).toMatchObject({
      id: 'A6065223110K7O2P0000030011700501',
      ambiguous: true,
    })
    // A digit or capital read in a free position cannot be second-guessed by the format.
    expect(repairSbpId('A6065223110K7Q2P0000030011700501')?.ambiguous).toBe(false)
    // Position 16 as 0/1 or O/I: the letter is the guess, never a sure one.
    expect(repairSbpId('A6065223110K7Q200000030011700501')).toMatchObject({
      id: 'A6065223110K7Q2O0000030011700501',
      ambiguous: true,
    })
    expect(repairSbpId('A6065223110K7Q2l0000030011700501')).toMatchObject({
      id: 'A6065223110K7Q2I0000030011700501',
      ambiguous: true,
    })
    expect(repairSbpId('A6065223110K7Q2I0000030011700501')?.ambiguous).toBe(true)
  })

  it("takes position 16's round glyph as the digit when the picture measured it as one, still a guess", () => {
    for (const read of ['A6065223110K7Q200000030011700501', 'A6065223110K7Q2O0000030011700501']) {
      expect(repairSbpId(read, 'digit')).toMatchObject({
        id: 'A6065223110K7Q200000030011700501',
        ambiguous: true,
      })
      expect(repairSbpId(read, 'letter')).toMatchObject({
        id: 'A6065223110K7Q2O0000030011700501',
        ambiguous: true,
      })
    }
    // The measurement is of a round glyph's width: a stroke (I or 1) is left to the letter rule.
    expect(repairSbpId('A6065223110K7Q210000030011700501', 'digit')?.id).toBe(
      'A6065223110K7Q2I0000030011700501',
    )
  })

  it("takes position 16's glyph as its shape decided it when OCR read one it confuses, still a guess", () => {
    // A T read as 1 (the format alone guesses I), a Z read as 7, a W read as V.
    expect(repairSbpId('A6065223110K7Q210000030011700501', undefined, 'T')).toMatchObject({
      id: 'A6065223110K7Q2T0000030011700501',
      ambiguous: true,
    })
    expect(repairSbpId('A6065223110K7Q210000030011700501', undefined, '1')?.id).toBe(
      'A6065223110K7Q210000030011700501',
    )
    expect(repairSbpId('A6065223110K7Q270000030011700501', undefined, 'Z')).toMatchObject({
      id: 'A6065223110K7Q2Z0000030011700501',
      ambiguous: true,
    })
    expect(repairSbpId('A6065223110K7Q2V0000030011700501', undefined, 'W')?.id).toBe(
      'A6065223110K7Q2W0000030011700501',
    )
    // The shape agreeing with a 7 read leaves it as sure as before; a glyph it never decides is left alone.
    expect(repairSbpId('A6065223110K7Q270000030011700501', undefined, '7')?.ambiguous).toBe(false)
    expect(repairSbpId('A6065223110K7Q2P0000030011700501', undefined, 'T')?.id).toBe(
      'A6065223110K7Q2P0000030011700501',
    )
  })

  it('reads a V drawn as its two strokes (`\\/`) as the V', () => {
    expect(repairSbpId('B52340955504885\\/0000670011580901')).toMatchObject({
      id: 'B52340955504885V0000670011580901',
      ambiguous: false,
    })
    expect(repairSbpId('B52340955504885\\/\\/0000670011580901')?.id).toBe('B52340955504885W0000670011580901')
    // A W with one of its four strokes lost (a generated VTB screenshot): a W, but a guess.
    expect(repairSbpId('А53630618400555\\\\/000002001\n1660101')).toMatchObject({
      id: 'A53630618400555W0000020011660101',
      ambiguous: true,
    })
  })

  it('drops a speck read as a glyph at one end of the id, and is then never sure', () => {
    expect(repairSbpId('8B6065223110K7Q2P0000030011700501')).toMatchObject({
      id: 'B6065223110K7Q2P0000030011700501',
      ambiguous: true,
    })
    expect(repairSbpId('A6065223110K7Q2P00000300117005017')).toMatchObject({
      id: 'A6065223110K7Q2P0000030011700501',
      ambiguous: true,
    })
    // 33 characters that are no id either way.
    expect(repairSbpId('C6065223110K7Q2P0000030011700501X')).toBeNull()
  })

  it('keeps, of the 33-character cuts, only those whose positions 2–11 name a time', () => {
    // A VTB `B` read as its digit twin and its Cyrillic twin (`8В`), synthetic id: cutting the last glyph
    // also makes the shape (day 519, 16:42:26 read from `8519516422`), but day 519 is no day of a year.
    expect(repairSbpId('8В51951642266619Q000037001\n1550702')).toMatchObject({
      id: 'B51951642266619Q0000370011550702',
      ambiguous: true,
    })
  })

  it('reads `№` in the free positions as the `N` it is drawn with, never sure', () => {
    expect(repairSbpId('B60802043032957№0000590011700501')).toMatchObject({
      id: 'B60802043032957N0000590011700501',
      changed: [16],
      ambiguous: true,
    })
  })

  it('reads a sign in the free positions as the capital it is part of (`)` or `]` a J, a lone `\\` a Y), never sure', () => {
    expect(repairSbpId('B51111454387653)000063001\n1491102')).toMatchObject({
      id: 'B51111454387653J0000630011491102',
      changed: [16],
      ambiguous: true,
    })
    // A synthetic id (not a corpus one), its J read as the bracket its stem and foot make.
    expect(repairSbpId('А52180734174327]000052001\n1580901')).toMatchObject({
      id: 'A52180734174327J0000520011580901',
      ambiguous: true,
    })
    expect(repairSbpId('A53601311521582\\000008001\n1670301')).toMatchObject({
      id: 'A53601311521582Y0000080011670301',
      ambiguous: true,
    })
    // Outside the free positions a sign is no glyph of the id: nothing is decided.
    expect(repairSbpId('B511)454387653J0000630011491102')).toBeNull()
    expect(repairSbpId('B51111454387653J00006300114911\\2')).toBeNull()
  })

  it('reads a glyph OCR read as a letter and its digit (`S5`) as one, never sure', () => {
    // A synthetic id (not a corpus one): its `5` at position 2 read as `S5`.
    expect(repairSbpId('AS51571433270639F00009800115\n10503')).toMatchObject({
      id: 'A51571433270639F0000980011510503',
      ambiguous: true,
    })
  })

  it('reads a letter OCR read twice, in both cases, as one glyph, and is then never sure', () => {
    // A generated VTB id whose position-16 `X` came back as `xX`.
    expect(repairSbpId('B52561142442696xX000045001\n1580901')).toMatchObject({
      id: 'B52561142442696X0000450011580901',
      ambiguous: true,
    })
    // A case pair whose removal leaves no id, or two pairs giving two ids: nothing is decided.
    expect(repairSbpId('B52561142442696X0000450011580901'.replace('X', 'xXa'))).toBeNull()
    expect(repairSbpId('B5256114244269kKX000045001158090'.replace('X', 'Xx'))).toBeNull()
  })

  it('joins an id wrapped over lines and drops specks read between glyphs', () => {
    expect(repairSbpId('A6065223110K7Q2P000003001\n1700501')?.id).toBe(id)
    expect(repairSbpId('A6065223110K7Q2P0000030011700501.')?.id).toBe(id)
  })

  it('refuses what cannot be an id: wrong length (a speck at one end aside), no A/B start, an unknown position 18', () => {
    expect(repairSbpId(id.slice(1))).toBeNull()
    expect(repairSbpId(`${id}77`)).toBeNull()
    expect(repairSbpId(`C${id.slice(1)}`)).toBeNull()
    expect(repairSbpId('A6065223110K7Q2P0K00030011700501')).toBeNull()
    expect(repairSbpId('A6065223110K7Q2P0000030011700501'.replace('0011', 'XY11'))).toBeNull()
  })
})

describe('repairOperationNumber', () => {
  it("repairs the digit positions of T-Bank's receipt number and Alfa's operation number", () => {
    expect(repairOperationNumber('1-l23-4S6-789-O12')).toBe('1-123-456-789-012')
    expect(repairOperationNumber('С16O7O3261234S67')).toBe('C160703261234567')
  })

  it('reads a digit opening an operation number as the capital it resembles, where the family says so', () => {
    expect(repairOperationNumber('2090103258581799', true)).toBe('Z090103258581799')
    expect(repairOperationNumber('2090103258581799')).toBe('2090103258581799')
    // A round 0 may be O or C: left as read.
    expect(repairOperationNumber('0160703261234567', true)).toBe('0160703261234567')
  })

  it('drops signs OCR puts before or inside an id (=, quotes)', () => {
    expect(repairSbpId(`=${id}`)?.id).toBe(id)
    expect(repairSbpId(`«${id.slice(0, 25)}»${id.slice(25)}`)?.id).toBe(id)
  })

  it('returns any other shape as read', () => {
    expect(repairOperationNumber('1-123-456-789-01')).toBe('1-123-456-789-01')
    expect(repairOperationNumber('AB-12345')).toBe('AB-12345')
    expect(repairOperationNumber('C16070326123456X')).toBe('C16070326123456X')
  })
})
