/**
 * How many held-out genuine receipts a fingerprint does not call genuine: the checks and the score exactly as
 * `assessAuthenticity` runs them (without template-drift evidence, which needs other tenants' submissions).
 * Under the default profile `suspicious` is recommended `review` and `forged` `reject`.
 */

import type { Fingerprint } from '@rv/core/authenticity'
import { checksOfSample, scoreVerdict, stratumOf } from '@rv/core/authenticity'
import type { Receipt } from './receipts'

export function notGenuine(fingerprint: Fingerprint, receipts: readonly Receipt[]): number {
  return receipts.filter(
    (r) =>
      scoreVerdict(checksOfSample(r.sample, fingerprint), fingerprint, stratumOf(r.sample)).verdict !==
      'genuine',
  ).length
}
