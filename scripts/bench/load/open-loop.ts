/**
 * Open-loop submission: the i-th POST leaves at start + i/rate whatever happened to the earlier ones, so a
 * slow system sees the offered rate rather than a politely waiting client (closed loops hide saturation).
 */
export interface SubmitOutcome {
  /** HTTP status, or 0 when the request failed without an answer (connection refused/reset, abort). */
  status: number
  /** `error.code` of a non-2xx answer, or the network error's name. */
  code?: string
  checkId?: string
  retryAfter?: string
}

export interface Submission extends SubmitOutcome {
  index: number
  /** performance.now() when the request left / when its answer arrived. */
  sentAt: number
  answeredAt: number
}

export interface OpenLoopOptions {
  rate: number
  durationS: number
  send: (index: number) => Promise<SubmitOutcome>
  /** Called with each finished submission, as answers arrive. */
  onAnswer?: (submission: Submission) => void
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<Submission[]> {
  const total = Math.max(1, Math.round(options.rate * options.durationS))
  const intervalMs = 1000 / options.rate
  const start = performance.now()
  const inFlight: Promise<Submission>[] = []
  for (let index = 0; index < total; index++) {
    const due = start + index * intervalMs
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    const sentAt = performance.now()
    inFlight.push(
      options
        .send(index)
        .catch((error: unknown): SubmitOutcome => ({ status: 0, code: (error as Error)?.name ?? 'Error' }))
        .then((outcome) => {
          const submission = { ...outcome, index, sentAt, answeredAt: performance.now() }
          options.onAnswer?.(submission)
          return submission
        }),
    )
  }
  return Promise.all(inFlight)
}

/** Offered requests per second actually achieved by the sender (timer drift on a loaded machine shows here). */
export function sendRate(submissions: readonly Submission[]): number {
  if (submissions.length < 2) return Number.NaN
  const first = Math.min(...submissions.map((s) => s.sentAt))
  const last = Math.max(...submissions.map((s) => s.sentAt))
  return ((submissions.length - 1) * 1000) / (last - first)
}
