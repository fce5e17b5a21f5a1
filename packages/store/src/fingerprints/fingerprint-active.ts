import type { Fingerprint } from '@rv/core'
import { type FingerprintCollections, versionLabel } from './fingerprint-documents'
import { findFingerprint } from './fingerprint-versions'

/** The version each family is judged with (`fingerprint_active`): moved forward, rolled back, read all at once. */
export function createFingerprintActive(ctx: FingerprintCollections) {
  const { active } = ctx
  return {
    /** The version the family is judged with, or undefined for the committed one. */
    async activeVersion(family: string): Promise<number | undefined> {
      return (await active.findOne({ _id: family }))?.version
    },
    /** Makes `version` the one the family is judged with (it must exist); the previous one is remembered. */
    async activate(family: string, version: number, now = new Date()): Promise<void> {
      if (!(await findFingerprint(ctx, family, version)))
        throw new Error(`no fingerprint ${family} ${versionLabel(version)}`)
      const current = await active.findOne({ _id: family })
      if (current?.version === version) return
      const history = current ? [...current.history, current.version] : []
      await active.replaceOne({ _id: family }, { version, history, at: now }, { upsert: true })
    },
    /**
     * Returns to the version active before the current one, or to the committed fingerprint when there
     * was none; resolves to the version now active (undefined = builtin).
     */
    async rollback(family: string, now = new Date()): Promise<number | undefined> {
      const current = await active.findOne({ _id: family })
      if (!current) throw new Error(`${family} is judged with the builtin fingerprint: nothing to roll back`)
      const previous = current.history.at(-1)
      if (previous === undefined) {
        await active.deleteOne({ _id: family })
        return undefined
      }
      await active.replaceOne(
        { _id: family },
        { version: previous, history: current.history.slice(0, -1), at: now },
      )
      return previous
    },
    /** Every family's active stored fingerprint (families without a pointer are absent). */
    async activeAll(): Promise<Record<string, Fingerprint>> {
      const pointers = await active.find({}).toArray()
      const docs = await Promise.all(pointers.map((p) => findFingerprint(ctx, p._id, p.version)))
      const out: Record<string, Fingerprint> = {}
      for (const doc of docs) if (doc) out[doc.family] = doc.fingerprint
      return out
    },
  }
}
