import { createHash } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

/** One submission of a generator signature the active fingerprint has not seen. */
export interface GeneratorSighting {
  /** The fingerprint family (the bank). */
  family: string
  /** `signatureKey(...)` from @rv/core: software and font names only. */
  signature: string
  tenantId: string
  /** Who paid, as extraction read it (sender name); null when not read. Only a digest is kept. */
  payer: string | null
  at: Date
}

export interface SightingCounts {
  payers: number
  tenants: number
}

interface CounterDocument {
  _id: string
  family: string
  signature: string
  bucket: number
  payers: number
  tenants: number
  first_seen: Date
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Per-family counts of unseen generator signatures by distinct payer and tenant, the evidence of template
 * drift (`generator_sightings`). Time is cut into fixed windows; in each, a payer (digest of tenant +
 * normalised sender name) and a tenant are counted once: a marker document with a unique `_id` is
 * inserted, and only a successful insert increments the window's counter. The answer is the larger of
 * the current and the previous window's counts, so it never over-counts and does not drop to zero at a
 * window boundary. Every operation is by `_id`: O(1) per message, also on FerretDB v1 (which answers
 * other filters by scanning). Known signatures never reach the store.
 */
export function createGeneratorSightings(db: Db) {
  const sightings: Collection<CounterDocument> = db.collection<CounterDocument>('generator_sightings')
  const markers: Collection<{ _id: string }> = db.collection<{ _id: string }>('generator_sighting_markers')

  async function firstTime(id: string): Promise<boolean> {
    try {
      await markers.insertOne({ _id: id })
      return true
    } catch (error) {
      if (isDuplicateKeyError(error)) return false
      throw error
    }
  }

  return {
    /** Records the sighting and returns the distinct payers and tenants of its signature (it included). */
    async record(s: GeneratorSighting, windowMs: number): Promise<SightingCounts> {
      const bucket = Math.floor(s.at.getTime() / windowMs)
      const base = `${s.family}|${sha(s.signature).slice(0, 32)}`
      const counter = (b: number) => `${base}|${b}`
      const payer = sha(`${s.tenantId}\u0000${(s.payer ?? '').normalize('NFKC').trim().toLowerCase()}`)
      const inc = { payers: 0, tenants: 0 }
      if (await firstTime(`${counter(bucket)}|p|${payer}`)) inc.payers = 1
      if (await firstTime(`${counter(bucket)}|t|${sha(s.tenantId)}`)) inc.tenants = 1
      if (inc.payers + inc.tenants > 0) {
        // FerretDB v1 applies $inc by read-and-replace: a concurrent increment can be lost. That only
        // under-counts, which delays drift and never declares it early.
        await sightings.updateOne(
          { _id: counter(bucket) },
          {
            $inc: inc,
            $setOnInsert: { family: s.family, signature: s.signature, bucket, first_seen: s.at },
          },
          { upsert: true },
        )
      }
      const docs = await sightings.find({ _id: { $in: [counter(bucket), counter(bucket - 1)] } }).toArray()
      return {
        payers: Math.max(0, ...docs.map((d) => d.payers)),
        tenants: Math.max(0, ...docs.map((d) => d.tenants)),
      }
    },
  }
}

export type GeneratorSightings = ReturnType<typeof createGeneratorSightings>
