/** Sends a target's requests from `concurrency` clients and counts the answers (loopback only). */
import type { HostileRequest } from './hostile-requests'
import type { AnswerTally } from './storm-report'

export interface Answer {
  status: number | string
  code: string
  body: unknown
}

/** One request; the answer's status and error code (`error.code`, or the console's `error` text). */
export async function sendRequest(base: string, req: HostileRequest, timeoutMs = 60_000): Promise<Answer> {
  if (!base.startsWith('http://127.0.0.1:')) throw new Error(`fuzz targets loopback only, not ${base}`)
  const res = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers: req.headers,
    ...(req.body === undefined ? {} : { body: req.body }),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((e: Error) => e)
  if (res instanceof Error) return { status: `network_error:${res.name}`, code: '', body: undefined }
  const body = (await res.json().catch(() => undefined)) as { error?: { code?: string } | string } | undefined
  const error = body?.error
  return { status: res.status, code: typeof error === 'string' ? '' : (error?.code ?? ''), body }
}

/**
 * Runs `one(i)` for i < count from `concurrency` clients until the deadline; returns how many were started.
 * `one` records its own answer (it knows the input's kind).
 */
export async function runStorm(
  count: number,
  concurrency: number,
  deadlineAt: number,
  one: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count && Date.now() < deadlineAt; i = next++) await one(i)
    }),
  )
  return Math.min(next, count)
}

/** Sends `req` and records it under its name. */
export async function sendAndRecord(base: string, req: HostileRequest, tally: AnswerTally, i: number) {
  const answer = await sendRequest(base, req)
  tally.record(req.name, answer.status, answer.code, i)
  return answer
}
