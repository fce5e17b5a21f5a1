/**
 * A merchant's first integration, end to end: submit a receipt with what the order expects, wait for the
 * result, check that the record really comes from the service, then read its settlement and decisions.
 *
 *   RV_BASE_URL=http://127.0.0.1:8080 RV_API_KEY=rv_... npx tsx packages/client/examples/submit-and-verify.ts receipt.pdf 600
 *
 * Prints one JSON line: the check id, its status and recommendation, and whether its signature verified.
 * The e2e tests run it against the real stack (services/e2e/test/signed-records.int.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { createClient, RvApiError } from '@rv/client'

const [file, amount] = process.argv.slice(2)
const baseUrl = process.env['RV_BASE_URL']
const apiKey = process.env['RV_API_KEY']
if (!file || !baseUrl || !apiKey) {
  console.error('usage: RV_BASE_URL=... RV_API_KEY=... tsx submit-and-verify.ts <receipt> [amount]')
  process.exit(2)
}

const rv = createClient({ baseUrl, apiKey })

// The idempotency key makes a retry after a lost answer return the same check instead of a second one.
const { record, signature } = await rv.submitAndWait(
  {
    file: readFileSync(file),
    filename: basename(file),
    expectation: { ...(amount ? { amount: Number(amount) } : {}), currency: 'RUB', order_ref: 'example-1' },
    idempotencyKey: randomUUID(),
  },
  { timeoutMs: 90_000 },
)

// The record's signature against the service's published keys (/.well-known/jwks.json).
const verification = await rv.verifyRecord({ record, signature })

// Settlement exists once the check is done and the profile asks for it; otherwise the API says so by code.
let settlement: string | null = null
try {
  settlement = (await rv.getSettlement(record.id)).status
} catch (err) {
  if (!(err instanceof RvApiError && err.code === 'settlement_not_found')) throw err
}
const decisions = (await rv.listDecisions(record.id)).data.length

console.log(
  JSON.stringify({
    id: record.id,
    status: record.status,
    recommendation: record.recommendation,
    verified: verification.ok,
    kid: verification.ok ? verification.kid : null,
    settlement,
    decisions,
  }),
)
