import { describe, expect, it } from 'vitest'
import { judgeQueryPlan } from './query-plan'

// Shapes as the servers print them (values shortened): FerretDB v1.24 on PostgreSQL 15, and MongoDB's
// classic and 8.0 express plans.
const ferretIndexed = {
  queryPlanner: {
    Plan: {
      'Node Type': 'Bitmap Heap Scan',
      'Relation Name': 'checks_af0f65dc',
      'Recheck Cond': `((checks_af0f65dc._jsonb -> '_id'::text) @> '"chk_1"'::jsonb)`,
      Plans: [
        { 'Node Type': 'Bitmap Index Scan', 'Index Name': 'checks_af0f65dc__id__67399184_idx_rvgin_16494' },
      ],
    },
  },
  filterPushdown: true,
  sortPushdown: false,
  limitPushdown: false,
  ok: 1,
}
const ferretSeqScan = {
  queryPlanner: {
    Plan: {
      'Node Type': 'Seq Scan',
      'Relation Name': 'checks_af0f65dc',
      Filter: `((checks_af0f65dc._jsonb -> 'tenant_id'::text) @> '"ten_3"'::jsonb)`,
    },
  },
  filterPushdown: true,
  ok: 1,
}

describe('judgeQueryPlan', () => {
  it('FerretDB on PostgreSQL: pushed down and read through an index', () => {
    expect(judgeQueryPlan(ferretIndexed)).toEqual({
      server: 'ferretdb-postgresql',
      indexed: true,
      indexes: ['checks_af0f65dc__id__67399184_idx_rvgin_16494'],
    })
  })

  it('FerretDB on PostgreSQL: a Seq Scan anywhere is a scan', () => {
    expect(judgeQueryPlan(ferretSeqScan)).toMatchObject({
      indexed: false,
      reason: 'Seq Scan on checks_af0f65dc',
    })
    const nested = {
      ...ferretIndexed,
      queryPlanner: { Plan: { 'Node Type': 'Limit', Plans: [ferretSeqScan.queryPlanner.Plan] } },
    }
    expect(judgeQueryPlan(nested)).toMatchObject({ indexed: false })
  })

  it('FerretDB on PostgreSQL: a filter not pushed down is a scan, whatever the plan', () => {
    expect(judgeQueryPlan({ ...ferretIndexed, filterPushdown: false })).toMatchObject({
      indexed: false,
      reason: 'FerretDB did not push the filter down to SQL',
    })
  })

  it('MongoDB: IXSCAN under FETCH is indexed, COLLSCAN is not', () => {
    const ixscan = {
      queryPlanner: {
        winningPlan: { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'status_1_created_at_1' } },
      },
    }
    expect(judgeQueryPlan(ixscan)).toEqual({
      server: 'mongodb',
      indexed: true,
      indexes: ['status_1_created_at_1'],
    })
    const collscan = { queryPlanner: { winningPlan: { stage: 'SORT', inputStage: { stage: 'COLLSCAN' } } } }
    expect(judgeQueryPlan(collscan)).toMatchObject({ server: 'mongodb', indexed: false, reason: 'COLLSCAN' })
  })

  it('MongoDB: IDHACK, EXPRESS_IXSCAN and plans under queryPlan (7.0+) are read', () => {
    expect(judgeQueryPlan({ queryPlanner: { winningPlan: { stage: 'IDHACK' } } })).toMatchObject({
      indexed: true,
      indexes: ['_id_'],
    })
    const express = {
      queryPlanner: { winningPlan: { queryPlan: { stage: 'EXPRESS_IXSCAN', indexName: '_id_' } } },
    }
    expect(judgeQueryPlan(express)).toMatchObject({ indexed: true })
  })

  it('an unknown shape (FerretDB on SQLite among them) is not judged indexed', () => {
    expect(judgeQueryPlan({ queryPlanner: {}, ok: 1 })).toMatchObject({ server: 'unknown', indexed: false })
  })
})
