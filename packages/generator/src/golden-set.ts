import type { GenerateInput } from './index'

/**
 * The committed golden set (fixtures/generated/): one receipt per variant, plus operations in the 00:00–03:00
 * Moscow window whose SBP id carries the previous UTC day. `scripts/write-golden.ts` writes it; the golden test
 * regenerates every entry and demands byte equality, so any change to the output is a deliberate one.
 */
export const goldenSet: GenerateInput[] = [
  { family: 'vtb', variant: 'sbp_outgoing', seed: 'golden' },
  { family: 'vtb', variant: 'vtb_client', seed: 'golden' },
  { family: 'vtb', variant: 'sbp_incoming', seed: 'golden' },
  { family: 'vtb', variant: 'salary', seed: 'golden' },
  { family: 'vtb', variant: 'abroad_phone', seed: 'golden' },
  { family: 'vtb', variant: 'card_abroad', seed: 'golden' },
  { family: 'vtb', variant: 'tax', seed: 'golden' },
  { family: 'alfa', variant: 'sbp', seed: 'golden' },
  { family: 'alfa', variant: 'alfa_client', seed: 'golden' },
  { family: 'alfa', variant: 'abroad_phone', seed: 'golden' },
  { family: 'alfa', variant: 'card_to_card', seed: 'golden' },
  { family: 'alfa', variant: 'mobile', seed: 'golden' },
  { family: 'tbank', variant: 'sbp', seed: 'golden' },
  { family: 'tbank', variant: 'qr_purchase', seed: 'golden' },
  { family: 'gazprombank', variant: 'sbp', seed: 'golden' },
  { family: 'ozon', variant: 'sbp_outgoing', seed: 'golden' },
  { family: 'sberbank', variant: 'sber_client', seed: 'golden' },
  { family: 'pochtabank', variant: 'sbp', seed: 'golden' },
  {
    family: 'vtb',
    variant: 'sbp_outgoing',
    seed: 'golden-midnight',
    overrides: { paidAt: '2026-03-01T21:47:12Z' },
  },
  { family: 'alfa', variant: 'sbp', seed: 'golden-midnight', overrides: { paidAt: '2026-03-05T22:13:05Z' } },
]

/** Path of an entry's PDF relative to fixtures/generated (its truth JSON sits beside it). */
export const goldenPath = (bank: string, filename: string): string => `${bank}/${filename}`
