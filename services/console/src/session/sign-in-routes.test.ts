import type { ConsoleUserDocument, SignInOutcome } from '@rv/store'
import { describe, expect, it } from 'vitest'
import type { ConsoleDeps } from '../console-deps'
import { signInRoutes } from './sign-in-routes'

const origin = 'http://console.test'
const user = { _id: 'analyst@a.test', tenant_id: 'ten_a', role: 'analyst' } as ConsoleUserDocument

/** Sign-in routes over a users port whose hashes finish when the test says (`release`). */
function harness(options: { proxies?: { hops: number; cidrs: string[] } } = {}) {
  const pending: (() => void)[] = []
  const audit: { action: string; detail?: string }[] = []
  let hashes = 0
  const deps = {
    users: {
      async signIn(email: string, password: string): Promise<SignInOutcome> {
        hashes += 1
        await new Promise<void>((done) => pending.push(done))
        if (email !== user._id) return { reason: 'unknown address' }
        return password === 'right password' ? { user } : { reason: 'wrong password', tenantId: 'ten_a' }
      },
      async openSession() {
        return { token: 't', session: { email: user._id, tenant_id: 'ten_a', role: 'analyst', csrf: 'c' } }
      },
    },
    audit: { record: async (e: { action: string; detail?: string }) => void audit.push(e) },
    settings: {
      publicUrl: origin,
      sessionMs: 60_000,
      leaseMs: 60_000,
      signIn: { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 60_000, hashConcurrency: 2 },
      ...(options.proxies ? { proxies: options.proxies } : {}),
    },
    now: () => new Date(1_000_000),
  } as unknown as ConsoleDeps
  const app = signInRoutes(deps)
  const signIn = (body: unknown, headers: Record<string, string> = {}, socket = '198.51.100.4') =>
    app.request(
      '/sign-in',
      {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: socket, remotePort: 1, remoteFamily: 'IPv4' } } },
    )
  /** Lets every hash started so far finish. */
  const release = () => {
    for (const done of pending.splice(0)) done()
  }
  return { signIn, release, audit, hashes: () => hashes }
}

/** A request whose hash the harness holds, released and answered. */
async function answered(h: ReturnType<typeof harness>, res: Response | Promise<Response>): Promise<Response> {
  await new Promise((r) => setImmediate(r))
  h.release()
  return res
}

describe('POST /sign-in', () => {
  it('runs at most hashConcurrency hashes at once: the next answers 429 with Retry-After, not queued', async () => {
    const h = harness()
    const first = h.signIn({ email: user._id, password: 'right password' })
    const second = h.signIn({ email: user._id, password: 'right password' }, {}, '192.0.2.2')
    await new Promise((r) => setImmediate(r))
    const third = await h.signIn({ email: user._id, password: 'right password' }, {}, '192.0.2.3')
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('1')
    expect(h.hashes()).toBe(2)
    h.release()
    expect([(await first).status, (await second).status]).toEqual([200, 200])
    // The slots are free again.
    expect((await answered(h, h.signIn({ email: user._id, password: 'right password' }))).status).toBe(200)
  })

  it('delays an address after its free failures, with Retry-After and without hashing; audits each failure', async () => {
    const h = harness()
    for (let i = 0; i < 2; i++)
      expect((await answered(h, h.signIn({ email: user._id, password: 'wrong' }))).status).toBe(401)
    const delayed = await h.signIn({ email: user._id, password: 'right password' })
    expect(delayed.status).toBe(429)
    expect(delayed.headers.get('retry-after')).toBe('1')
    expect(h.hashes()).toBe(2)
    expect(h.audit).toEqual([
      {
        tenantId: 'ten_a',
        email: user._id,
        action: 'sign-in-failed',
        detail: 'wrong password from 198.51.100.4',
      },
      {
        tenantId: 'ten_a',
        email: user._id,
        action: 'sign-in-failed',
        detail: 'wrong password from 198.51.100.4',
      },
    ])
  })

  it('never takes the client from a spoofed X-Forwarded-For without a trusted proxy', async () => {
    const h = harness()
    // Each try claims another address; all are one socket's, so its backoff holds.
    for (let i = 0; i < 2; i++)
      await answered(
        h,
        h.signIn({ email: `x${i}@a.test`, password: 'wrong' }, { 'x-forwarded-for': `203.0.113.${i}` }),
      )
    const spoofed = await h.signIn(
      { email: 'y@a.test', password: 'wrong' },
      { 'x-forwarded-for': '203.0.113.99' },
    )
    expect(spoofed.status).toBe(429)
  })

  it('behind a trusted proxy takes the address the proxy appended', async () => {
    const h = harness({ proxies: { hops: 1, cidrs: [] } })
    for (let i = 0; i < 2; i++)
      await answered(
        h,
        h.signIn(
          { email: `x${i}@a.test`, password: 'wrong' },
          { 'x-forwarded-for': '203.0.113.7' },
          '10.0.0.1',
        ),
      )
    expect(h.audit.at(-1)?.detail).toBe('unknown address from 203.0.113.7')
    // Another client behind the same proxy is not held back by the first one's failures.
    const other = h.signIn(
      { email: user._id, password: 'right password' },
      { 'x-forwarded-for': '203.0.113.8' },
      '10.0.0.1',
    )
    expect((await answered(h, other)).status).toBe(200)
  })

  it('refuses a body over the limit before reading it', async () => {
    const h = harness()
    const res = await h.signIn(JSON.stringify({ email: user._id, password: 'x'.repeat(1024 * 1024) }))
    expect(res.status).toBe(413)
    expect(h.hashes()).toBe(0)
  })
})

// Found by `npm run fuzz` (sign-in target): both answered 500 from the running console.
describe('hostile sign-in bodies', () => {
  it('reads a JSON body that is not an object (`null`, a number) as an empty one: 401, not 500', async () => {
    const h = harness()
    for (const body of ['null', '7', '"x"']) expect((await h.signIn(body)).status).toBe(401)
    expect(h.hashes()).toBe(0)
  })

  it('refuses an address with a control character without hashing, and audits it without the character', async () => {
    const h = harness()
    const res = await h.signIn({ email: `${user._id}\u0000`, password: 'right password' })
    expect(res.status).toBe(401)
    expect(h.hashes()).toBe(0)
    expect(h.audit).toHaveLength(1)
    expect(JSON.stringify(h.audit[0])).not.toMatch(/\\u0000/)
    expect(h.audit[0]).toMatchObject({ action: 'sign-in-failed', email: `${user._id}\uFFFD` })
  })
  it('signs the analyst in at their usual address while strangers fill every hash slot', async () => {
    const h = harness()
    expect((await answered(h, h.signIn({ email: user._id, password: 'right password' }))).status).toBe(200)
    // Two strangers hold both slots (hashConcurrency 2); a third is busy.
    const strangers = [1, 2].map((n) =>
      h.signIn({ email: user._id, password: 'guess' }, {}, `203.0.113.${n}`),
    )
    await new Promise((r) => setImmediate(r))
    expect((await h.signIn({ email: user._id, password: 'guess' }, {}, '203.0.113.3')).status).toBe(429)
    const analyst = h.signIn({ email: user._id, password: 'right password' })
    expect((await answered(h, analyst)).status).toBe(200)
    expect((await Promise.all(strangers)).map((r) => r.status)).toEqual([401, 401])
  })
})
