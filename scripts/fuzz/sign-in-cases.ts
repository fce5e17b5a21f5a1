/**
 * The hostile console sign-ins, one row each, in the order `signInInput` draws from (a name listed twice is
 * drawn twice as often): the JSON body (a string is sent as it is), then any headers over the defaults.
 */
import type { Prng } from './mutate'

export interface SignInContext {
  /** The console's public origin (CONSOLE_PUBLIC_URL). */
  origin: string
  /** A known analyst's e-mail. */
  analyst: string
}

/** What a row builds its request from: the input's draws, context, index and client address. */
export interface SignInKit {
  rng: Prng
  ctx: SignInContext
  i: number
  /** This input's client address (`stormAddress(i)`). */
  from: string
}

export interface SignInCase {
  name: string
  body: (k: SignInKit) => unknown
  /** Headers over the defaults (origin, JSON, `X-Forwarded-For: from`). */
  headers?: (k: SignInKit) => Record<string, string>
}

const guess = ({ ctx, i }: SignInKit) => ({ email: ctx.analyst, password: `guess-${i}` })

export const signInCases: readonly SignInCase[] = [
  { name: 'wrong-password', body: guess },
  { name: 'wrong-password', body: guess },
  // One address guessing on: its own backoff answers 429 with Retry-After, no hash is computed.
  { name: 'wrong-password-one-address', body: guess, headers: () => ({ 'x-forwarded-for': '203.0.113.66' }) },
  {
    name: 'wrong-password-case-and-space',
    body: ({ rng, ctx }) => ({
      email: rng.pick([ctx.analyst.toUpperCase(), ` ${ctx.analyst} `, `${ctx.analyst}\u0000`]),
      password: 'x'.repeat(1 + rng.int(1000)),
    }),
  },
  {
    name: 'unknown-user',
    body: ({ i }) => ({ email: `nobody-${i}@storm.test`, password: 'correct horse battery staple' }),
  },
  {
    name: 'unknown-user-long-email',
    body: () => ({ email: `${'я'.repeat(600)}@storm.test`, password: 'x' }),
  },
  {
    name: 'oversized-body',
    body: ({ rng, ctx }) => ({ email: ctx.analyst, password: 'x'.repeat(rng.pick([4097, 65_536, 2 ** 20])) }),
  },
  {
    name: 'broken-json',
    body: ({ rng }) =>
      rng.pick(['{"email": "a@b", "password": ', '{', '', 'null', '[]', '\u0000', '{"email":1e400}']),
  },
  {
    name: 'wrong-types',
    body: ({ rng, ctx }) =>
      rng.pick([
        { email: [ctx.analyst], password: 'x' },
        { email: ctx.analyst, password: { $ne: null } },
        { email: { $gt: '' }, password: 1 },
        { __proto__: { email: ctx.analyst } },
      ]),
  },
  {
    name: 'empty-fields',
    body: ({ rng, ctx }) =>
      rng.pick([{}, { email: '', password: '' }, { email: ctx.analyst }, { password: 'x' }]),
  },
  {
    name: 'foreign-origin',
    body: ({ ctx }) => ({ email: ctx.analyst, password: 'x' }),
    headers: ({ rng, ctx }) => ({
      origin: rng.pick(['http://evil.test', 'null', `${ctx.origin}.evil.test`]),
    }),
  },
  {
    name: 'not-json-content-type',
    body: ({ ctx }) => `email=${ctx.analyst}&password=x`,
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
  },
  // A client writing the left of the chain: only the proxy's (rightmost) entry counts.
  {
    name: 'spoofed-forwarded-chain',
    body: guess,
    headers: ({ rng, from }) => ({
      'x-forwarded-for': [
        ...Array.from(
          { length: 1 + rng.int(200) },
          () => `10.${rng.int(256)}.${rng.int(256)}.${rng.int(256)}`,
        ),
        from,
      ].join(', '),
    }),
  },
  {
    name: 'garbage-forwarded-for',
    body: guess,
    headers: ({ rng, from }) => ({
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
    }),
  },
]
