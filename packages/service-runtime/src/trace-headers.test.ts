import { describe, expect, it } from 'vitest'
import { traceHeaders } from './trace-headers'

describe('traceHeaders', () => {
  it('keeps the request id and drops every other header', () => {
    expect(traceHeaders({ 'request-id': 'req_1', 'x-attempts': '3' })).toEqual({ 'request-id': 'req_1' })
  })

  it('is empty when the consumed event carried no request id', () => {
    expect(traceHeaders({ 'x-attempts': '3' })).toEqual({})
    expect(traceHeaders({ 'request-id': '' })).toEqual({})
  })
})
