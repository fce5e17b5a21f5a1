/**
 * The market-behaviour bench's tallies and tables: per behaviour and family (and variant), how the genuine
 * receipts were judged and how many forgeries of donors with the same behaviour were not called genuine.
 * Counts only: no value of any receipt is kept here.
 */

/** What the pipeline said of one document; `null` (authenticity failed) counts as unknown. */
export type Verdict = 'forged' | 'suspicious' | 'unknown' | 'genuine'

export interface Cell {
  behaviour: string
  /** `<bank>/<variant>` for generated receipts, `<bank>` for real ones. */
  family: string
  n: number
  forged: number
  suspicious: number
  unknown: number
  genuine: number
  /** Forgeries made from this cell's donors (techniques that skipped are not counted). */
  forgeries: number
  forgeriesNotGenuine: number
}

export function verdictOf(value: string | null | undefined): Verdict {
  return value === 'forged' || value === 'suspicious' || value === 'genuine' ? value : 'unknown'
}

/** The tallies of every (behaviour, family) pair, in the order first seen. */
export class MarketTable {
  private readonly cells = new Map<string, Cell>()

  private cell(behaviour: string, family: string): Cell {
    const key = `${behaviour}\u0000${family}`
    let c = this.cells.get(key)
    if (!c) {
      c = {
        behaviour,
        family,
        n: 0,
        forged: 0,
        suspicious: 0,
        unknown: 0,
        genuine: 0,
        forgeries: 0,
        forgeriesNotGenuine: 0,
      }
      this.cells.set(key, c)
    }
    return c
  }

  genuine(behaviour: string, family: string, verdict: string | null | undefined): void {
    const c = this.cell(behaviour, family)
    c.n++
    c[verdictOf(verdict)]++
  }

  forgery(behaviour: string, family: string, verdict: string | null | undefined): void {
    const c = this.cell(behaviour, family)
    c.forgeries++
    if (verdictOf(verdict) !== 'genuine') c.forgeriesNotGenuine++
  }

  rows(): Cell[] {
    return [...this.cells.values()]
  }

  /** One row per behaviour: its cells summed. */
  totals(): Cell[] {
    const out = new MarketTable()
    for (const c of this.rows()) {
      const t = out.cell(c.behaviour, 'all')
      for (const k of ['n', 'forged', 'suspicious', 'unknown', 'genuine', 'forgeries'] as const) t[k] += c[k]
      t.forgeriesNotGenuine += c.forgeriesNotGenuine
    }
    return out.rows()
  }
}

const pct = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${part} of ${whole} (${((100 * part) / whole).toFixed(1)} %)`

/** A Markdown table; `withForgeries` adds the forgery columns (real receipts have none). */
export function formatTable(rows: readonly Cell[], withForgeries: boolean): string {
  const head = ['behaviour', 'family', 'n', 'forged', 'suspicious', 'unknown', 'genuine']
  if (withForgeries) head.push('forgeries not `genuine`')
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`]
  for (const c of rows) {
    const cols = [c.behaviour, c.family, c.n, c.forged, c.suspicious, c.unknown, c.genuine].map(String)
    if (withForgeries) cols.push(pct(c.forgeriesNotGenuine, c.forgeries))
    lines.push(`| ${cols.join(' | ')} |`)
  }
  return lines.join('\n')
}
