import { describe, expect, it } from 'vitest'
import { parsePrometheusText, storeCommandsFromMetrics } from './prometheus-text'

const exposition = `# HELP rv_store_command_duration_seconds MongoDB command round trips
# TYPE rv_store_command_duration_seconds histogram
rv_store_command_duration_seconds_bucket{le="0.001",command="find",outcome="ok",service="gateway"} 3
rv_store_command_duration_seconds_sum{command="find",outcome="ok",service="gateway"} 0.5
rv_store_command_duration_seconds_count{command="find",outcome="ok",service="gateway"} 40
rv_store_command_duration_seconds_count{command="find",outcome="error",service="gateway"} 2
rv_store_command_duration_seconds_count{command="insert",outcome="ok",service="gateway"} 7
rv_store_command_duration_seconds_count{command="endSessions",outcome="ok",service="gateway"} 9
rv_http_requests_total{method="POST",route="/v1/checks",status="202",service="gateway"} 11
process_cpu_seconds_total{service="gateway"} 1.25 1700000000000
`

describe('Prometheus text', () => {
  it('reads samples with their labels, skipping comments', () => {
    const samples = parsePrometheusText(exposition)
    expect(samples).toHaveLength(8)
    expect(samples[0]).toEqual({
      name: 'rv_store_command_duration_seconds_bucket',
      labels: { le: '0.001', command: 'find', outcome: 'ok', service: 'gateway' },
      value: 3,
    })
    expect(samples.at(-1)).toEqual({
      name: 'process_cpu_seconds_total',
      labels: { service: 'gateway' },
      value: 1.25,
    })
  })

  it('unescapes label values and reads samples without labels', () => {
    expect(parsePrometheusText('up 1\nx{path="a\\"b\\\\c"} +Inf\n')).toEqual([
      { name: 'up', labels: {}, value: 1 },
      { name: 'x', labels: { path: 'a"b\\c' }, value: Number.POSITIVE_INFINITY },
    ])
  })

  it('counts store commands by name, outcomes summed, hand-shakes left out', () => {
    expect(storeCommandsFromMetrics(exposition)).toEqual({ find: 42, insert: 7 })
  })

  it('gives no commands when the service recorded none', () => {
    expect(storeCommandsFromMetrics('# nothing yet\n')).toEqual({})
  })
})
