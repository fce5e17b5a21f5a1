import { describe, expect, it } from 'vitest'
import { cpuMsOfTrees, parseProcStat } from './proc-cpu'

const stat = (
  pid: number,
  comm: string,
  ppid: number,
  utime: number,
  stime: number,
  cutime = 0,
  cstime = 0,
) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194304 100 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 1000 0 0`

describe('parseProcStat', () => {
  it('reads ppid, utime and stime after a command name with spaces and parentheses', () => {
    expect(parseProcStat(stat(42, 'node (x) y', 7, 150, 25))).toEqual({ pid: 42, ppid: 7, ticks: 175 })
  })

  it("adds the time of children that exited, so a tree's total never drops", () => {
    expect(parseProcStat(stat(1, 'postgres', 0, 10, 5, 300, 40)).ticks).toBe(355)
  })
})

describe('cpuMsOfTrees', () => {
  it('sums a process and its descendants, and gives 0 for a gone pid', () => {
    const stats = [
      parseProcStat(stat(10, 'tsx', 1, 10, 0)),
      parseProcStat(stat(11, 'node', 10, 200, 50)),
      parseProcStat(stat(12, 'worker', 11, 5, 5)),
      parseProcStat(stat(20, 'other', 1, 999, 0)),
    ]
    expect(cpuMsOfTrees([10, 99], stats)).toEqual([2700, 0])
  })
})
