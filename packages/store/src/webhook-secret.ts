import { randomBytes } from 'node:crypto'

const secretShape = /^whsec_[A-Za-z0-9_-]{43}$/

/**
 * A new webhook signing secret: `whsec_` + 32 random bytes in base64url. Stored as is (the HMAC needs
 * it), shown to the tenant once.
 *
 * @example
 * generateWebhookSecret() // 'whsec_3q2-7wR…'
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

export function isWebhookSecretShaped(text: string): boolean {
  return secretShape.test(text)
}
