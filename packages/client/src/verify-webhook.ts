import { createHmac, timingSafeEqual } from 'node:crypto'

/** The body of every webhook request (docs/webhooks.md); `data` depends on `type`. */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string
  type: 'check.completed' | 'check.settlement_changed' | 'check.reviewed'
  /** Unix seconds. */
  created: number
  tenant_id: string
  data: T
}

export class RvWebhookSignatureError extends Error {
  override readonly name = 'RvWebhookSignatureError'
  constructor(
    readonly reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature',
    message: string,
  ) {
    super(message)
  }
}

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the header's `t` and now, in seconds (default 300). */
  toleranceSeconds?: number
  /** The current time (default: the clock). */
  now?: Date
}

/**
 * Checks a webhook request and returns its event: `RV-Signature: t=<unix s>,v1=<hex>[,v1=<hex>…]`, each
 * `v1` a lowercase hex HMAC-SHA256 of `<t>.<raw body>` under an endpoint secret. Pass the raw body exactly
 * as received (before any JSON parsing) and, during a secret rotation, both secrets. Throws
 * `RvWebhookSignatureError` when no secret signed it, or `t` is more than the tolerance from now (replay).
 *
 * @example
 * const event = verifyWebhook(rawBody, req.headers['rv-signature'], process.env.RV_WEBHOOK_SECRET)
 */
export function verifyWebhook<T = Record<string, unknown>>(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): WebhookEvent<T> {
  const { t, v1 } = parseSignatureHeader(header ?? '')
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const tolerance = options.toleranceSeconds ?? 300
  if (Math.abs(now - t) > tolerance)
    throw new RvWebhookSignatureError(
      'timestamp_outside_tolerance',
      `signature timestamp ${t} is ${now - t} s from now (tolerance ${tolerance} s)`,
    )
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody)
  const signed = Buffer.concat([Buffer.from(`${t}.`, 'utf8'), body])
  const expected = (Array.isArray(secrets) ? secrets : [secrets as string]).map((secret) =>
    createHmac('sha256', secret).update(signed).digest(),
  )
  const matches = v1.some((hex) => {
    const given = Buffer.from(hex, 'hex')
    return expected.some((e) => given.length === e.length && timingSafeEqual(given, e))
  })
  if (!matches) throw new RvWebhookSignatureError('no_matching_signature', 'no v1 signature matches a secret')
  return JSON.parse(body.toString('utf8')) as WebhookEvent<T>
}

function parseSignatureHeader(header: string): { t: number; v1: string[] } {
  let t: number | undefined
  const v1: string[] = []
  for (const part of header.split(',')) {
    const eq = part.indexOf('=')
    const key = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (key === 't' && /^\d+$/.test(value)) t = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value)
  }
  if (t === undefined || v1.length === 0)
    throw new RvWebhookSignatureError('malformed_header', 'RV-Signature needs t=<unix seconds> and v1=<hex>')
  return { t, v1 }
}
