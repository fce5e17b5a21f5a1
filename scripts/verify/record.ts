/**
 * Verifies a saved check record, result-topic event or webhook body offline (docs/signed-records.md):
 *
 *   npm run verify-record -- record.json --signature '<RV-Record-Signature>' [--jwks <url-or-file>]
 *   npm run verify-record -- event.json [--jwks <url-or-file>]   # an event or a webhook body: it carries its signature
 *
 * Exit 0 when the signature holds, 1 when it does not, 2 on bad arguments.
 */
import { parseVerifyRecordArgs, verifyRecordFile, verifyRecordUsage } from '@rv/signing'

const args = parseVerifyRecordArgs(process.argv.slice(2))
if (!args) {
  process.stderr.write(`${verifyRecordUsage}\n`)
  process.exit(2)
}
const result = await verifyRecordFile(args)
if (result.ok) {
  process.stdout.write(`valid: ${result.checkId ?? 'record'} signed by key ${result.kid}\n`)
} else {
  process.stdout.write(`INVALID: ${result.checkId ?? 'record'} (${result.reason})\n`)
  process.exit(1)
}
