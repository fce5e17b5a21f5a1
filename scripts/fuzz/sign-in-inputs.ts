/**
 * Hostile console sign-ins (`POST /api/sign-in`, docs/console.md#security) as they arrive through one
 * trusted proxy (CONSOLE_TRUSTED_PROXY_HOPS=1: the rightmost X-Forwarded-For entry is the client): wrong
 * passwords for a known analyst from thousands of addresses or from one, unknown users, bodies over the
 * 4 KiB limit, broken JSON, wrong types, foreign origins, spoofed and garbage X-Forwarded-For chains.
 * Pure and seeded.
 */
import type { HostileRequest } from './hostile-requests'
import type { Prng } from './mutate'

export interface SignInContext {
  /** The console's public origin (CONSOLE_PUBLIC_URL). */
  origin: string
  /** A known analyst's e-mail. */
  analyst: string
}

/** The i-th address of the storm: 198.18.0.0/15 (benchmarking addresses), one per input. */
export function stormAddress(i: number): string {
  return `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`
}

/** One hostile sign-in, chosen and parameterised by `rng`; input `i` comes from `stormAddress(i)`. */
export function signInInput(rng: Prng, ctx: SignInContext, i: number): HostileRequest {
  const from = stormAddress(i)
  const headers = { origin: ctx.origin, 'content-type': 'application/json', 'x-forwarded-for': from }
  const signIn = (name: string, body: unknown, extra: Record<string, string> = {}): HostileRequest => ({
    name,
    method: 'POST',
    path: '/api/sign-in',
    headers: { ...headers, ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const cases: (() => HostileRequest)[] = [
    () => signIn('wrong-password', { email: ctx.analyst, password: `guess-${i}` }),
    () => signIn('wrong-password', { email: ctx.analyst, password: `guess-${i}` }),
    // One address guessing on: its own backoff answers 429 with Retry-After, no hash is computed.
    () =>
      signIn(
        'wrong-password-one-address',
        { email: ctx.analyst, password: `guess-${i}` },
        { 'x-forwarded-for': '203.0.113.66' },
      ),
    () =>
      signIn('wrong-password-case-and-space', {
        email: rng.pick([ctx.analyst.toUpperCase(), ` ${ctx.analyst} `, `${ctx.analyst}\u0000`]),
        password: 'x'.repeat(1 + rng.int(1000)),
      }),
    () =>
      signIn('unknown-user', { email: `nobody-${i}@storm.test`, password: 'correct horse battery staple' }),
    () => signIn('unknown-user-long-email', { email: `${'я'.repeat(600)}@storm.test`, password: 'x' }),
    () =>
      signIn('oversized-body', {
        email: ctx.analyst,
        password: 'x'.repeat(rng.pick([4097, 65_536, 2 ** 20])),
      }),
    () =>
      signIn(
        'broken-json',
        rng.pick(['{"email": "a@b", "password": ', '{', '', 'null', '[]', '\u0000', '{"email":1e400}']),
      ),
    () =>
      signIn(
        'wrong-types',
        rng.pick([
          { email: [ctx.analyst], password: 'x' },
          { email: ctx.analyst, password: { $ne: null } },
          { email: { $gt: '' }, password: 1 },
          { __proto__: { email: ctx.analyst } },
        ]),
      ),
    () =>
      signIn(
        'empty-fields',
        rng.pick([{}, { email: '', password: '' }, { email: ctx.analyst }, { password: 'x' }]),
      ),
    () =>
      signIn(
        'foreign-origin',
        { email: ctx.analyst, password: 'x' },
        { origin: rng.pick(['http://evil.test', 'null', `${ctx.origin}.evil.test`]) },
      ),
    () =>
      signIn('not-json-content-type', `email=${ctx.analyst}&password=x`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    // A client writing the left of the chain: only the proxy's (rightmost) entry counts.
    () =>
      signIn(
        'spoofed-forwarded-chain',
        { email: ctx.analyst, password: `guess-${i}` },
        {
          'x-forwarded-for': [
            ...Array.from(
              { length: 1 + rng.int(200) },
              () => `10.${rng.int(256)}.${rng.int(256)}.${rng.int(256)}`,
            ),
            from,
          ].join(', '),
        },
      ),
    () =>
      signIn(
        'garbage-forwarded-for',
        { email: ctx.analyst, password: `guess-${i}` },
        {
          'x-forwarded-for': rng.pick([
            'not an address',
            '::ffff:198.18.0.1',
            '2001:db8::1',
            '[::1]:80',
            '',
            ',,,',
            '999.1.1.1',
            `${from}, unknown`,
          ]),
        },
      ),
  ]
  return rng.pick(cases)()
}
