import { describe, expect, it } from 'vitest'
import { decodeSbpTime } from '../data/sbp-id'
import { fromMsk } from '../format/time'
import { type GeneratedReceipt, generateReceipt } from '../index'
import { Rng } from '../random/rng'
import { type Behaviour, behaviourKinds, counterOf, drawBehaviour } from './behaviour'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
/** A pinned operation, so a receipt with a behaviour and one without share the SBP id and every drawn value. */
const PAID_AT = '2026-02-10T09:15:20Z'
const SBP_FAMILIES: Array<[string, string, string]> = [
  ['tbank', 'sbp', 'date'],
  ['alfa', 'sbp', 'Дата и время перевода'],
  ['vtb', 'sbp_outgoing', 'Дата операции'],
  ['gazprombank', 'sbp', 'Дата и время операции:'],
  ['ozon', 'sbp_outgoing', 'Перевод'],
]

const gen = (
  family: string,
  variant: string,
  behaviour?: Behaviour,
  seed = 'behaviour-test',
): GeneratedReceipt =>
  generateReceipt({
    family,
    variant,
    seed,
    overrides: { paidAt: PAID_AT },
    ...(behaviour ? { behaviour } : {}),
  })

const printed = (r: GeneratedReceipt, label: string): string => {
  const hit = r.truth.printed.find(([l]) => l === label)
  if (!hit) throw new Error(`${r.truth.family} prints no ${label}`)
  return hit[1]
}

/** Moscow wall time in `DD.MM.YYYY[,| в] HH:MM[:SS]`, as epoch ms. */
const parseMsk = (text: string): number => {
  const m = /(\d\d)\.(\d\d)\.(\d{4}),? (?:в )?(\d\d):(\d\d)(?::(\d\d))?/.exec(text)
  if (!m) throw new Error(`no time in ${text}`)
  return fromMsk(+m[3]!, +m[2]!, +m[1]!, +m[4]!, +m[5]!, +(m[6] ?? 0))
}

/** `D:YYYYMMDDHHMMSS` with `+03'00'`, `+00'00'` or `Z`, as epoch ms. */
const parsePdfDate = (d: string | null): number => {
  const m = /^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(Z|\+(\d\d)'(\d\d)')$/.exec(d ?? '')
  if (!m) throw new Error(`not a PDF date: ${d}`)
  const local = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
  return local - (m[7] === 'Z' ? 0 : (+m[8]! * 60 + +m[9]!) * MIN)
}

const infoString = (r: GeneratedReceipt, key: string): string | undefined =>
  new RegExp(`/${key}\\(([^)]*)\\)`).exec(Buffer.from(r.pdf).toString('latin1'))?.[1]

const sbpIdOf = (r: GeneratedReceipt): string => r.truth.fields.receipt_number!
const idTime = (r: GeneratedReceipt): number => decodeSbpTime(sbpIdOf(r), 2026)

/** The moment each bank stamps the file with: CreationDate, or Alfa's «Сформирована» (minute). */
const fileTime = (r: GeneratedReceipt): number =>
  r.truth.family.startsWith('alfa/')
    ? parseMsk(printed(r, 'Сформирована'))
    : parsePdfDate(r.truth.meta.creationDate)

describe('behaviours', () => {
  it('without a behaviour, or with an empty one, the bytes are the usual ones', () => {
    for (const [family, variant] of SBP_FAMILIES) {
      const plain = generateReceipt({ family, variant, seed: 7 })
      const empty = generateReceipt({ family, variant, seed: 7, behaviour: {} })
      expect(Buffer.from(empty.pdf).equals(Buffer.from(plain.pdf)), family).toBe(true)
    }
  })

  it('a held transfer: the id stays, the printed time and everything derived from it move later by the hold', () => {
    const hold = 5 * HOUR + 17 * MIN + 9_000
    for (const [family, variant, label] of SBP_FAMILIES) {
      const fresh = gen(family, variant)
      const held = gen(family, variant, { holdMs: hold })
      expect(sbpIdOf(held), family).toBe(sbpIdOf(fresh))
      const shift = parseMsk(printed(held, label)) - parseMsk(printed(fresh, label))
      // minute-precision banks print the minute the hold lands in
      expect(Math.abs(shift - hold), family).toBeLessThan(MIN)
      // printed − id: the hold, plus the family's agreement (seconds) or the printing unit (a minute)
      const lag = parseMsk(printed(held, label)) - idTime(held)
      expect(lag, family).toBeGreaterThan(hold - 2 * MIN)
      expect(lag, family).toBeLessThanOrEqual(hold + MIN)
      if (family !== 'alfa' && family !== 'vtb') {
        // freshly rendered after the execution: the file's time keeps its distance from the printed time
        const gap = (r: GeneratedReceipt): number => fileTime(r) - parseMsk(printed(r, label))
        expect(Math.abs(gap(held) - gap(fresh)), family).toBeLessThan(MIN)
      }
      expect(fileTime(held), family).toBeGreaterThanOrEqual(parseMsk(printed(held, label)))
    }
  })

  it('a held transfer moves VTB’s device-zone file name and Alfa’s operation number with the printed time', () => {
    const hold = 26 * HOUR
    const vtb = gen('vtb', 'sbp_outgoing', { holdMs: hold })
    const p = new Date(parseMsk(printed(vtb, 'Дата операции')) + 2 * HOUR)
    const name = `${String(p.getUTCDate()).padStart(2, '0')}-${String(p.getUTCMonth() + 1).padStart(2, '0')}-${String(p.getUTCFullYear() % 100).padStart(2, '0')}_${String(p.getUTCHours()).padStart(2, '0')}-${String(p.getUTCMinutes()).padStart(2, '0')}.pdf`
    expect(vtb.filename).toBe(name)
    const alfa = gen('alfa', 'sbp', { holdMs: hold })
    const [d, m, y] = printed(alfa, 'Дата и время перевода').split(' ')[0]!.split('.')
    expect(printed(alfa, 'Номер операции').slice(3, 9)).toBe(`${d}${m}${y!.slice(2)}`)
  })

  it('a late download: every stamp of the download moves together, the operation stays', () => {
    const delay = 19 * DAY + 3 * HOUR + 41_000
    for (const [family, variant, label] of SBP_FAMILIES) {
      const fresh = gen(family, variant)
      const late = gen(family, variant, { downloadDelayMs: delay })
      expect(printed(late, label), family).toBe(printed(fresh, label))
      expect(sbpIdOf(late), family).toBe(sbpIdOf(fresh))
      const after = fileTime(late) - parseMsk(printed(late, label))
      expect(after, family).toBeGreaterThanOrEqual(delay - MIN)
      expect(after, family).toBeLessThanOrEqual(delay + 2 * MIN)
      if (late.truth.meta.modDate !== null)
        expect(late.truth.meta.modDate, family).toBe(late.truth.meta.creationDate)
    }
    const tbank = gen('tbank', 'sbp', { downloadDelayMs: delay })
    const created = new Date(parsePdfDate(tbank.truth.meta.creationDate) + 3 * HOUR).toISOString()
    const stamp = `${created.slice(8, 10)}.${created.slice(5, 7)}.${created.slice(0, 4)} ${created.slice(11, 19)}`
    expect(infoString(tbank, 'Keywords')?.startsWith(`${stamp} | `)).toBe(true)
    const alfa = gen('alfa', 'sbp', { downloadDelayMs: delay })
    const saved = Number(/^AM_(\d{13})\.pdf$/.exec(alfa.filename)?.[1])
    // the device clock: 0–5 min behind the server up to 6 Mar 2026, 56–60 min ahead afterwards
    expect(saved - fileTime(alfa)).toBeGreaterThanOrEqual(-5 * MIN)
    expect(saved - fileTime(alfa)).toBeLessThanOrEqual(61 * MIN)
    const ozon = gen('ozon', 'sbp_outgoing', { downloadDelayMs: delay })
    const local = new Date(parsePdfDate(ozon.truth.meta.creationDate) - 1000 + 3 * HOUR).toISOString()
    expect(ozon.filename).toBe(`ozonbank_document_${local.slice(0, 19).replace(/[-T:]/g, '')}.pdf`)
  })

  it('held and downloaded later: both delays add up, the id stays', () => {
    const behaviour = { holdMs: 40 * HOUR, downloadDelayMs: 30 * DAY }
    for (const [family, variant] of SBP_FAMILIES) {
      const r = gen(family, variant, behaviour)
      expect(sbpIdOf(r), family).toBe(sbpIdOf(gen(family, variant)))
      const total = fileTime(r) - idTime(r)
      expect(total, family).toBeGreaterThanOrEqual(40 * HOUR + 30 * DAY - 2 * MIN)
      expect(total, family).toBeLessThanOrEqual(40 * HOUR + 30 * DAY + 3 * MIN)
    }
  })

  it('operations are drawn earlier by the behaviour, so no file is stamped after now', () => {
    const now = '2026-04-30T20:59:59Z'
    for (let seed = 0; seed < 40; seed++) {
      const r = generateReceipt({
        family: 'tbank',
        variant: 'sbp',
        seed,
        behaviour: { holdMs: 2 * DAY, downloadDelayMs: 180 * DAY },
      })
      expect(fileTime(r)).toBeLessThanOrEqual(Date.parse(now))
    }
  })

  it('T-Bank counters of 1–7 digits end Keywords; the rest of the file is the fresh one', () => {
    const fresh = gen('tbank', 'sbp')
    expect(infoString(fresh, 'Keywords')?.endsWith(' | 10893')).toBe(true)
    for (let digits = 1; digits <= 7; digits++) {
      const r = gen('tbank', 'sbp', { counterDigits: digits })
      const counter = infoString(r, 'Keywords')!.split(' | ')[2]!
      expect(counter).toMatch(new RegExp(`^[1-9]\\d{${digits - 1}}$`))
      expect(r.truth.printed).toEqual(fresh.truth.printed)
      expect(r.truth.meta).toEqual(fresh.truth.meta)
    }
    expect(() => gen('tbank', 'sbp', { counterDigits: 8 })).toThrow(/1–7/)
  })

  it('T-Bank minutes-only: the date line drops its seconds, the id and the file keep theirs', () => {
    const fresh = gen('tbank', 'sbp')
    const r = gen('tbank', 'sbp', { minutesOnly: true })
    expect(printed(r, 'date')).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)
    expect(printed(fresh, 'date').startsWith(printed(r, 'date'))).toBe(true)
    expect(r.truth.meta.creationDate).toBe(fresh.truth.meta.creationDate)
    expect(sbpIdOf(r)).toBe(sbpIdOf(fresh))
    // the id's seconds complete the printed minute, as for the other minute-precision receipts
    expect(r.truth.fields.paid_at_source).toBe('receipt_number')
  })

  it('draws each kind from its own seed, within the stated ranges', () => {
    for (const kind of behaviourKinds) {
      expect(drawBehaviour(kind, 3)).toEqual(drawBehaviour(kind, 3))
    }
    for (let s = 0; s < 200; s++) {
      const late = drawBehaviour('late_download', s).downloadDelayMs!
      expect(late).toBeGreaterThanOrEqual(2 * MIN)
      expect(late).toBeLessThanOrEqual(180 * DAY)
      const hold = drawBehaviour('held_transfer', s).holdMs!
      expect(hold).toBeGreaterThanOrEqual(2 * MIN)
      expect(hold).toBeLessThanOrEqual(2 * DAY)
      const digits = drawBehaviour('counter_length', s).counterDigits!
      expect(digits).toBeGreaterThanOrEqual(1)
      expect(digits).toBeLessThanOrEqual(7)
      const history = drawBehaviour('late_download_counter', s)
      expect(history.counterDigits).not.toBe(5)
      expect(history.downloadDelayMs).toBeGreaterThanOrEqual(2 * MIN)
    }
    const rng = new Rng('counter')
    for (let d = 1; d <= 7; d++) expect(counterOf(rng, d)).toHaveLength(d)
  })
})
