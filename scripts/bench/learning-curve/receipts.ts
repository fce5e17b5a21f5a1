/**
 * The learning curve's genuine receipts: real ones read in place from the corpus (never copied, never
 * printed: only counts leave this process) and synthetic ones from packages/generator. Each is screened
 * as the learner screens it and kept with its learning sample and payer identity (a digest, in memory).
 */
import type { LearningSample } from '@rv/core/authenticity'
import { learningSampleOf, payerIdentity, screenSamples } from '@rv/fingerprints'
import { defaultCorpusRoot, readCorpus } from '@rv/forgery/corpus'
import { generateReceipt, generatorFamilies } from '@rv/generator'

export interface Receipt {
  sample: LearningSample
  payer: string | null
}

export interface Source {
  name: 'real' | 'synthetic'
  bytes: Uint8Array[]
}

/** A receipt of a new app version: one of its strings (producer, font name) replaced by one of the same length, in memory. */
export function withString(bytes: Uint8Array, from: string, to: string): Uint8Array | null {
  const text = Buffer.from(bytes).toString('latin1')
  if (!text.includes(from)) return null
  return new Uint8Array(Buffer.from(text.replaceAll(from, to), 'latin1'))
}

export async function screened(family: string, files: readonly Uint8Array[]): Promise<Receipt[]> {
  const { accepted } = await screenSamples(
    family,
    files.map((bytes, i) => ({ label: String(i), origin: 'accepted' as const, bytes })),
  )
  return accepted.map((s) => ({
    sample: learningSampleOf(family, s),
    payer: payerIdentity(s.extraction, s.model),
  }))
}

/** `count` generated genuine receipts of the family, variants in turn, each its own seed (and payer). */
export function synthetic(family: string, count: number, prefix: string): Uint8Array[] {
  const variants = generatorFamilies.filter((f) => f.startsWith(`${family}/`)).map((f) => f.split('/')[1]!)
  return Array.from(
    { length: count },
    (_, k) =>
      generateReceipt({ family, variant: variants[k % variants.length]!, seed: `${prefix}-${k}` }).pdf,
  )
}

/** The real receipts of the family (read in place), when the corpus is present. */
export function real(family: string, root = defaultCorpusRoot): Uint8Array[] {
  return (readCorpus(root).get(family) ?? []).map((f) => f.bytes)
}
