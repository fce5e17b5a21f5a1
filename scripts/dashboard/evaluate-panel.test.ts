import { describe, expect, it } from 'vitest'
import { evaluate, parseExposition } from './evaluate-panel'

const before = parseExposition(`# TYPE rv_http_requests_total counter
rv_http_requests_total{method="POST",route="/v1/checks",status="202",service="gateway"} 10
rv_x_seconds_bucket{le="0.1",stage="a"} 1
rv_x_seconds_bucket{le="1",stage="a"} 1
rv_x_seconds_bucket{le="+Inf",stage="a"} 1
`)
const after =
  parseExposition(`rv_http_requests_total{method="POST",route="/v1/checks",status="202",service="gateway"} 30
rv_http_requests_total{method="GET",route="/v1/checks/:id",status="500",service="gateway"} 5
rv_x_seconds_bucket{le="0.1",stage="a"} 91
rv_x_seconds_bucket{le="1",stage="a"} 100
rv_x_seconds_bucket{le="+Inf",stage="a"} 101
rv_lag{group="g",partition="0"} 4
rv_lag{group="g",partition="1"} 9
`)

describe('evaluate (dashboard snapshot)', () => {
  it('rates and increases over the window, grouped and filtered', () => {
    expect(evaluate('sum by (route, status) (rate(rv_http_requests_total[5m]))', before, after, 10)).toEqual([
      { label: '/v1/checks 202', value: 2 },
      { label: '/v1/checks/:id 500', value: 0.5 },
    ])
    expect(
      evaluate('sum by (route) (increase(rv_http_requests_total{status=~"5.."}[1h]))', before, after, 10),
    ).toEqual([{ label: '/v1/checks/:id', value: 5 }])
  })

  it('max by and histogram quantiles (the bucket holding the quantile)', () => {
    expect(evaluate('max by (group) (rv_lag)', before, after, 10)).toEqual([{ label: 'g', value: 9 }])
    expect(
      evaluate(
        'histogram_quantile(0.5, sum by (le, stage) (rate(rv_x_seconds_bucket[5m])))',
        before,
        after,
        10,
      ),
    ).toEqual([{ label: 'a p50', value: 0.1 }])
    expect(
      evaluate(
        'histogram_quantile(0.99, sum by (le, stage) (rate(rv_x_seconds_bucket[5m])))',
        before,
        after,
        10,
      ),
    ).toEqual([{ label: 'a p99', value: 1 }])
    expect(evaluate('rate(rv_lag[5m])', before, after, 10)).toBeUndefined()
  })
})
