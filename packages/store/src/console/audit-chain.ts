import { createHash } from 'node:crypto'

/**
 * The console audit log as a hash chain, one per tenant: entry `seq` stores the hash of entry `seq − 1`
 * (`prev`) and its own `hash = sha256(prev ⏎ body_sha256)`, so an edited entry no longer matches its hash, a
 * deleted one leaves a gap in `seq` (and the next entry's `prev` pointing at nothing), and a deleted tail
 * falls short of the chain's head. The body is split so an erasure can drop what names the check (check id,
 * detail, key) and keep the chain verifiable: `erasable_sha256` is kept, and the rest (tenant, seq, user,
 * action, time) is still checked.
 */
export interface ChainedFields {
  tenant_id: string
  email: string
  action: string
  check_id: string | null
  detail: string | null
  at: Date
  key?: string | null
  seq?: number
  prev?: string
  erasable_sha256?: string
  body_sha256?: string
  hash?: string
  /** Set by an erasure of its check: `check_id`, `detail` and `key` removed, `erasable_sha256` kept. */
  erased?: boolean
}

export interface ChainHead {
  seq: number
  hash: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A chained entry's place: its `_id`, so two appends can never take the same `seq`. */
export const auditPlace = (tenantId: string, seq: number) => `${tenantId}:${String(seq).padStart(12, '0')}`

export function erasableDigest(e: Pick<ChainedFields, 'check_id' | 'detail' | 'key'>): string {
  return sha256(JSON.stringify([e.check_id, e.detail, e.key ?? null]))
}

function bodyDigest(e: ChainedFields, seq: number, erasable: string): string {
  return sha256(JSON.stringify([e.tenant_id, seq, e.email, e.action, e.at.toISOString(), erasable]))
}

export const linkHash = (prev: string, body: string) => sha256(`${prev}\n${body}`)

/** The chain fields of the entry that follows `prev` at `seq`. */
export function chainFields(e: ChainedFields, seq: number, prev: string) {
  const erasable = erasableDigest(e)
  const body = bodyDigest(e, seq, erasable)
  return { seq, prev, erasable_sha256: erasable, body_sha256: body, hash: linkHash(prev, body) }
}

export interface ChainReport {
  entries: number
  erased: number
  /** The last entry's seq and hash: record it outside the store, so even a rewritten tail is caught. */
  last: ChainHead | null
  problems: string[]
}

/**
 * Verifies one tenant's chained entries (any order) against its head: every problem found, not only the
 * first — a changed entry, a gap, an entry out of its place, a tail shorter than the head.
 */
export function verifyAuditChain(
  entries: readonly (ChainedFields & { _id: string })[],
  head: ChainHead | null,
): ChainReport {
  const chained = entries.filter((e) => e.seq !== undefined).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
  const problems: string[] = []
  let expected = 1
  let prevHash = ''
  for (const e of chained) {
    const seq = e.seq as number
    if (seq > expected) problems.push(`entries ${expected}–${seq - 1} missing`)
    if (seq < expected) problems.push(`entry ${seq} appears twice`)
    if (e._id !== auditPlace(e.tenant_id, seq)) problems.push(`entry ${seq} is out of its place (${e._id})`)
    if (e.prev !== prevHash) problems.push(`entry ${seq} does not follow the entry before it`)
    const erasable = e.erased ? (e.erasable_sha256 ?? '') : erasableDigest(e)
    if (e.erasable_sha256 !== erasable) problems.push(`entry ${seq} changed (check, detail or key)`)
    else if (e.body_sha256 !== bodyDigest(e, seq, erasable)) problems.push(`entry ${seq} changed`)
    else if (e.hash !== linkHash(e.prev ?? '', e.body_sha256))
      problems.push(`entry ${seq}: hash does not match`)
    prevHash = e.hash ?? ''
    expected = seq + 1
  }
  const lastEntry = chained.at(-1)
  const last = lastEntry ? { seq: lastEntry.seq as number, hash: lastEntry.hash ?? '' } : null
  if (head && head.seq > (last?.seq ?? 0))
    problems.push(`entries ${(last?.seq ?? 0) + 1}–${head.seq} missing (the head is ${head.seq})`)
  else if (head && last && head.seq === last.seq && head.hash !== last.hash)
    problems.push(`the head's hash is not entry ${last.seq}'s`)
  if (!head && last) problems.push('the chain has entries but no head')
  return { entries: chained.length, erased: chained.filter((e) => e.erased).length, last, problems }
}
