/** The figures `bench:observability` prints from its repetitions. */
import type { BenchMode } from './modes'

export interface ModeFigures {
  mode: BenchMode
  runs: number[]
  mean: number
  min: number
  max: number
  /** Half the range, relative to the mean: the run-to-run spread. */
  spreadPercent: number
}

export function figuresOf(mode: BenchMode, runs: number[]): ModeFigures {
  const mean = runs.reduce((s, x) => s + x, 0) / runs.length
  const min = Math.min(...runs)
  const max = Math.max(...runs)
  return { mode, runs, mean, min, max, spreadPercent: mean === 0 ? 0 : ((max - min) / 2 / mean) * 100 }
}

/**
 * One line per mode: CPU µs per check (mean, range), what it adds to `off` (the harness alone), and that
 * addition as a share of the services' CPU per check.
 */
export function formatFigures(figures: ModeFigures[], servicesMsPerCheck: number): string[] {
  const off = figures.find((f) => f.mode === 'off')
  return figures.map((f) => {
    const base = `${f.mode.padEnd(17)} ${f.mean.toFixed(1).padStart(7)} µs/check (${f.min.toFixed(1)}–${f.max.toFixed(1)}, ±${f.spreadPercent.toFixed(1)} %, ${f.runs.length} runs)`
    if (!off || f.mode === 'off') return `${base}  [harness alone]`
    const added = f.mean - off.mean
    // The added cost's uncertainty: both modes' half-ranges.
    const error = (f.max - f.min) / 2 + (off.max - off.min) / 2
    const share = (added / (servicesMsPerCheck * 1000)) * 100
    return `${base}  instrumentation +${added.toFixed(1)} ± ${error.toFixed(1)} µs/check = ${share.toFixed(2)} % of ${servicesMsPerCheck} ms`
  })
}
