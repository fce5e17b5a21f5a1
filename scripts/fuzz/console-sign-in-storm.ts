/**
 * The console sign-in target of `npm run fuzz` (docs/console.md#security): the review console started as
 * its own process (services/console, as deployed) behind one trusted proxy hop, then a storm of hostile
 * sign-ins from `concurrency` clients at once (scripts/fuzz/sign-in-inputs.ts) — wrong passwords for a
 * known analyst from thousands of addresses, unknown users, bodies over the limit, broken JSON, foreign
 * origins, spoofed X-Forwarded-For chains — while the analyst signs in now and then from their usual
 * address. Besides 5xx and memory it fails when the analyst is refused with the right password: a
 * stranger's storm may slow the analyst by the hash cap's one-second "busy", never lock them out.
 */
import { freePort } from '../../services/e2e/src/free-port'
import { startConsole } from '../../services/e2e/src/start-console'
import { Prng } from './mutate'
import { runStorm, sendAndRecord } from './run-storm'
import { watchMemory } from './service-memory'
import { signInInput } from './sign-in-inputs'
import { AnswerTally, type TargetResult } from './storm-report'
import { inputSeed, type TargetContext } from './target-context'

const origin = 'http://console.test'
const analyst = 'analyst@storm.test'
const password = 'correct horse battery staple'

/**
 * The analyst at their desk, retrying a busy answer after its Retry-After: 200 when signed in, else the last
 * answer (a status, `429 Retry-After n` for a backoff, or the client's error after 20 tries).
 */
async function analystSignsIn(url: string): Promise<number | string> {
  let last: number | string = 'no answer'
  for (let attempt = 0; attempt < 20; attempt++) {
    // A keep-alive socket the server closed after a refused oversized body: try again on a new one.
    const res = await fetch(`${url}/api/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
      body: JSON.stringify({ email: analyst, password }),
      signal: AbortSignal.timeout(60_000),
    }).catch((e: Error) => e)
    if (res instanceof Error) {
      last = `network_error:${res.name}`
      continue
    }
    await res.arrayBuffer()
    if (res.status === 200) return 200
    // Only the hash cap's "busy" (Retry-After 1) may hold the analyst back; a backoff would be a lock-out.
    const retryAfter = Number(res.headers.get('retry-after') ?? 1)
    if (res.status !== 429 || retryAfter > 1)
      return res.status === 429 ? `429 Retry-After ${retryAfter}` : res.status
    last = 429
    await new Promise((r) => setTimeout(r, retryAfter * 1000))
  }
  return last
}

export async function runSignInTarget(
  ctx: TargetContext,
  count: number,
  concurrency: number,
  boundMb: number,
): Promise<TargetResult> {
  await ctx.bench.store.consoleUsers.add({
    email: analyst,
    tenantId: ctx.tenants.tenantId,
    role: 'analyst',
    password,
  })
  const port = await freePort()
  const console = await startConsole({
    env: {
      ...ctx.bench.e2e.env,
      LOG_LEVEL: 'error',
      CONSOLE_PUBLIC_URL: origin,
      CONSOLE_TRUSTED_PROXY_HOPS: '1',
    },
    port,
    output: 'ignore',
    timeoutMs: 180_000,
  })
  const url = `http://127.0.0.1:${port}`
  try {
    // The analyst's usual address: signed in from before the storm begins.
    const first = await analystSignsIn(url)
    if (first !== 200) throw new Error(`the analyst could not sign in before the storm: ${first}`)
    const memory = watchMemory([{ name: 'console', pid: console.process.pid as number }])
    const tally = new AnswerTally()
    let analystOk = 0
    let analystRefused = 0
    const started = Date.now()
    await runStorm(count, concurrency, ctx.deadlineAt, async (i) => {
      if (i % 50 === 0) {
        const answer = await analystSignsIn(url)
        if (answer === 200) analystOk++
        else analystRefused++
        // A 5xx here counts as any other (the tally's 5xx); a refusal says how it was refused.
        tally.record(
          'analyst-right-password',
          typeof answer === 'number' ? answer : `refused:${answer}`,
          '',
          i,
        )
        return
      }
      await sendAndRecord(
        url,
        signInInput(new Prng(inputSeed(ctx.seed, 3, i)), { origin, analyst }, i),
        tally,
        i,
      )
    })
    const seconds = (Date.now() - started) / 1000
    process.stdout.write(
      `sign-in: the analyst signed in ${analystOk} of ${analystOk + analystRefused} times\n`,
    )
    return {
      target: 'sign-in',
      seconds,
      tally,
      memory: memory.stop(),
      boundMb,
      problems:
        analystRefused > 0 ? [`the analyst was refused ${analystRefused} times with the right password`] : [],
    }
  } finally {
    await console.stop()
  }
}
