/** The dashboard's panels as one static HTML page of horizontal bars (for the snapshot's screenshot). */
import type { Series } from './evaluate-panel'

export interface PanelFigures {
  title: string
  unit: string
  series: Series
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

function format(value: number, unit: string): string {
  if (unit === 's')
    return value < 1 ? `${(value * 1000).toFixed(value < 0.01 ? 1 : 0)} ms` : `${value.toFixed(2)} s`
  if (unit === 'reqps' || unit === 'ops') return `${value.toFixed(2)}/s`
  return Number.isInteger(value) ? String(value) : value.toPrecision(3)
}

function panel({ title, unit, series }: PanelFigures): string {
  const shown = series.filter((s) => s.value > 0 || unit === 'short').slice(0, 12)
  const max = Math.max(...shown.map((s) => s.value), Number.MIN_VALUE)
  const rows = shown
    .map(
      (s) =>
        `<div class="row"><span class="label">${escapeHtml(s.label.trim() || 'all')}</span><span class="bar"><i style="width:${((s.value / max) * 100).toFixed(1)}%"></i></span><span class="value">${format(s.value, unit)}</span></div>`,
    )
    .join('')
  return `<section><h2>${escapeHtml(title)}</h2>${rows || '<p class="none">no samples in the window</p>'}</section>`
}

export function renderPanels(title: string, note: string, panels: PanelFigures[]): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{background:#111217;color:#ccccdc;font:13px system-ui,sans-serif;margin:16px}
h1{font-size:18px;margin:0 0 4px}p.note{color:#8e8e9e;margin:0 0 12px}
main{display:grid;grid-template-columns:1fr 1fr;gap:10px}
section{background:#181b1f;border:1px solid #2c3235;border-radius:4px;padding:8px 10px;min-height:120px}
h2{font-size:13px;margin:0 0 8px;color:#d8d9da}
.row{display:grid;grid-template-columns:260px 1fr 90px;gap:8px;align-items:center;margin:3px 0}
.label{overflow:hidden;white-space:nowrap;text-overflow:ellipsis;color:#9fa7b3}
.bar{background:#22252b;height:12px;border-radius:2px}.bar i{display:block;height:100%;background:#73bf69;border-radius:2px}
.value{text-align:right;font-variant-numeric:tabular-nums}.none{color:#6e7079}
</style></head><body><h1>${escapeHtml(title)}</h1><p class="note">${escapeHtml(note)}</p><main>${panels.map(panel).join('')}</main></body></html>`
}
