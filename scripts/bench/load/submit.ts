/** One POST /v1/checks as a merchant sends it, reduced to what the benches count. */
import type { SubmitOutcome } from './open-loop'
import type { LoadReceipt } from './receipts'

/** The client's own limit: a request without an answer by then counts as failed (status 0, TimeoutError). */
export const CLIENT_TIMEOUT_MS = 30_000

export async function submitReceipt(
  baseUrl: string,
  key: string,
  receipt: LoadReceipt,
  orderRef: string,
): Promise<SubmitOutcome> {
  const form = new FormData()
  form.set('file', new Blob([receipt.pdf], { type: 'application/pdf' }), receipt.filename)
  form.set('expectation', JSON.stringify({ order_ref: orderRef }))
  const res = await fetch(`${baseUrl}/v1/checks`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  })
  const body = (await res.json().catch(() => undefined)) as
    | { id?: string; error?: { code?: string } }
    | undefined
  const retryAfter = res.headers.get('retry-after') ?? undefined
  if (res.ok && body?.id) return { status: res.status, checkId: body.id }
  return {
    status: res.status,
    code: body?.error?.code ?? 'no_error_body',
    ...(retryAfter === undefined ? {} : { retryAfter }),
  }
}
