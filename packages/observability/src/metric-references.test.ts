/**
 * The dashboard and the alert rules in deploy/observability/ may only name series the code registers, so
 * they cannot drift from it; and every instrument appears on the dashboard.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { collectDefaultMetrics, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createInstruments, metricPrefix } from './instruments'

const deployDir = resolve(import.meta.dirname, '../../../deploy/observability')

async function registeredSeries(): Promise<{ own: Set<string>; all: Set<string> }> {
  const registry = new Registry()
  createInstruments(registry)
  const own = new Set<string>()
  for (const m of await registry.getMetricsAsJSON()) {
    own.add(m.name)
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) own.add(m.name + s)
  }
  collectDefaultMetrics({ register: registry })
  const all = new Set(own)
  for (const m of await registry.getMetricsAsJSON()) all.add(m.name)
  return { own, all }
}

/** Names of series in a PromQL expression: identifiers followed by `{`, `[`, `)` or a space, minus functions and labels. */
function seriesIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:rv|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!)
}

function dashboardExprs(): string[] {
  const dashboard = JSON.parse(readFileSync(resolve(deployDir, 'grafana-dashboard.json'), 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[]
  }
  return dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))
}

function alertExprs(): { alert: string; expr: string }[] {
  const rules = parse(readFileSync(resolve(deployDir, 'prometheus-alerts.yaml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string; labels?: { severity?: string } }[] }[]
  }
  return rules.groups.flatMap((g) => g.rules)
}

describe('deploy/observability', () => {
  it('the dashboard names only registered series, and shows every instrument', async () => {
    const { own, all } = await registeredSeries()
    const used = dashboardExprs().flatMap(seriesIn)
    expect(used.filter((name) => !all.has(name))).toEqual([])
    const base = (name: string) => name.replace(/_(bucket|sum|count)$/, '')
    const shown = new Set(used.map(base))
    expect([...own].filter((name) => !/_(bucket|sum|count)$/.test(name) && !shown.has(name))).toEqual([])
  })

  it('the alert rules name only registered series and cover lag, dead letters, error rate, p99 and the review backlog and queue', async () => {
    const { all } = await registeredSeries()
    const rules = alertExprs()
    const used = rules.flatMap((r) => seriesIn(r.expr))
    expect(used.length).toBeGreaterThan(0)
    expect(used.filter((name) => !all.has(name))).toEqual([])
    const about = (series: string) => rules.filter((r) => r.expr.includes(series)).map((r) => r.alert)
    expect(about(`${metricPrefix}consumer_lag_messages`)).not.toEqual([])
    expect(about(`${metricPrefix}dead_letters_total`)).not.toEqual([])
    expect(about(`${metricPrefix}checks_completed_total{status="failed"}`)).not.toEqual([])
    expect(rules.filter((r) => r.expr.includes('histogram_quantile(0.99')).length).toBeGreaterThan(0)
    expect(about('recommendation="review"')).not.toEqual([])
    // What waits for a person, not only what was sent their way (the console's queue gauges).
    expect(about(`${metricPrefix}review_queue_oldest_age_seconds`)).not.toEqual([])
    expect(about(`${metricPrefix}review_queue_depth`)).not.toEqual([])
  })

  it('a series the code does not register would be caught', () => {
    expect(seriesIn('sum(rate(rv_not_a_metric_total[5m])) / rate(rv_http_requests_total[1m])')).toEqual([
      'rv_not_a_metric_total',
      'rv_http_requests_total',
    ])
  })
})
