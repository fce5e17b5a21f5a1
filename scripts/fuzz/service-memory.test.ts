import { describe, expect, it } from 'vitest'
import { parseProcStatus, treeRssMb, unboundedMemory } from './service-memory'

describe('treeRssMb', () => {
  const entries = [
    { pid: 10, ppid: 1, rssKb: 1024 },
    { pid: 11, ppid: 10, rssKb: 2048 },
    { pid: 12, ppid: 11, rssKb: 1024 },
    { pid: 20, ppid: 1, rssKb: 99_999 },
  ]

  it('sums the root and every process under it, and nothing else', () => {
    expect(treeRssMb(entries, 10)).toBe(4)
    expect(treeRssMb(entries, 11)).toBe(3)
  })

  it('is 0 for a process that is gone', () => {
    expect(treeRssMb(entries, 99)).toBe(0)
  })
})

describe('parseProcStatus', () => {
  it('reads PPid and VmRSS; a kernel thread has no VmRSS', () => {
    expect(parseProcStatus(7, 'Name:\tnode\nPPid:\t3\nVmRSS:\t  204800 kB\n')).toEqual({
      pid: 7,
      ppid: 3,
      rssKb: 204_800,
    })
    expect(parseProcStatus(2, 'Name:\tkthreadd\nPPid:\t0\n').rssKb).toBe(0)
  })
})

describe('unboundedMemory', () => {
  it('names a service grown past the bound, or gone', () => {
    expect(
      unboundedMemory(
        [
          { name: 'gateway', before: 200, peak: 600, after: 260 },
          { name: 'settlement', before: 200, peak: 300, after: 351 },
          { name: 'console', before: 200, peak: 200, after: 0 },
        ],
        150,
      ),
    ).toEqual(['settlement grew 151 MB (bound 150)', 'console exited'])
  })
})
