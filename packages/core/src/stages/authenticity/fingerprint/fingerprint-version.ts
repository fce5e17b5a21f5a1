/**
 * Which fingerprint judged a document. The check record's field sets are fixed by the contract, so the
 * version travels as a check: `fingerprint.version`, always passed, its detail starting with the version
 * (`builtin` for the committed fingerprint, `v<n>` for a version learned in production and stored).
 */
import type { CheckResult } from '@rv/schemas'
import type { Fingerprint } from './fingerprint'

export const FINGERPRINT_VERSION_CHECK = 'fingerprint.version'

export function fingerprintVersion(fp: Fingerprint): string {
  return fp.version ?? 'builtin'
}

export function fingerprintVersionCheck(fp: Fingerprint): CheckResult {
  return {
    name: FINGERPRINT_VERSION_CHECK,
    hard: false,
    passed: true,
    detail: `${fingerprintVersion(fp)}: ${fp.family} fingerprint, ${fp.source} from ${fp.samples} samples`,
  }
}
