/**
 * Hostile console sign-ins (`POST /api/sign-in`, docs/console.md#security) as they arrive through one
 * trusted proxy (CONSOLE_TRUSTED_PROXY_HOPS=1: the rightmost X-Forwarded-For entry is the client): wrong
 * passwords for a known analyst from thousands of addresses or from one, unknown users, bodies over the
 * 4 KiB limit, broken JSON, wrong types, foreign origins, spoofed and garbage X-Forwarded-For chains.
 * Pure and seeded.
 */
import type { HostileRequest } from './hostile-requests'
import type { Prng } from './mutate'
import { type SignInContext, signInCases } from './sign-in-cases'

export type { SignInContext } from './sign-in-cases'

/** The i-th address of the storm: 198.18.0.0/15 (benchmarking addresses), one per input. */
export function stormAddress(i: number): string {
  return `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`
}

/** One hostile sign-in, chosen and parameterised by `rng` (rows: sign-in-cases.ts); input `i` comes from `stormAddress(i)`. */
export function signInInput(rng: Prng, ctx: SignInContext, i: number): HostileRequest {
  const from = stormAddress(i)
  const kit = { rng, ctx, i, from }
  const row = rng.pick(signInCases)
  const body = row.body(kit)
  return {
    name: row.name,
    method: 'POST',
    path: '/api/sign-in',
    headers: {
      origin: ctx.origin,
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...row.headers?.(kit),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}
