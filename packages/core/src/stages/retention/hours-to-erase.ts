/**
 * Which hour buckets of a tenant's checks the retention sweeper erases now. FerretDB v1 has no TTL
 * index and pushes down only equalities, so expiry is an equality on the creation hour (`2026-03-11T07`):
 * the sweeper walks a tenant's hours in order from a cursor, and each step reads one hour of one tenant.
 * The retention is read at sweep time, so shortening it takes effect on every stored check.
 */
const hourMs = 60 * 60 * 1000
const dayMs = 24 * hourMs

export interface HoursToEraseInput {
  /** The sweep's time (an argument: core has no clock). */
  now: Date
  /** Days a check is kept; 0 keeps it forever. */
  retentionDays: number
  /** The last hour bucket wholly erased (the sweeper's cursor); absent before the first sweep. */
  after?: string
  /** The first hour that can hold the tenant's checks (its creation time). */
  from: Date
  /** At most this many hours per sweep, so one sweep stays short after a long pause. */
  maxHours: number
}

const parseHour = (hour: string): number => Date.parse(`${hour}:00:00.000Z`)
export const toHourBucket = (ms: number): string => new Date(ms).toISOString().slice(0, 13)

/**
 * The hour buckets, oldest first, whose every check is past retention and not yet erased.
 * @example hoursToErase({ now: new Date('2026-03-11T10:30Z'), retentionDays: 1, from: new Date('2026-03-10T07:10Z'), maxHours: 24 })
 * // ['2026-03-10T07', '2026-03-10T08', '2026-03-10T09']
 */
export function hoursToErase(input: HoursToEraseInput): string[] {
  if (!Number.isInteger(input.retentionDays) || input.retentionDays <= 0) return []
  const cutoff = input.now.getTime() - input.retentionDays * dayMs
  const fromHour = Math.floor(input.from.getTime() / hourMs) * hourMs
  let start = input.after === undefined ? fromHour : parseHour(input.after) + hourMs
  if (Number.isNaN(start)) start = fromHour
  const hours: string[] = []
  // An hour is erased once its last millisecond is past the cutoff.
  for (let h = start; h + hourMs <= cutoff && hours.length < input.maxHours; h += hourMs)
    hours.push(toHourBucket(h))
  return hours
}
