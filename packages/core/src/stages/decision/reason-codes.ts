/**
 * Every reason code `decide` emits. Codes are stable API: clients switch on them. A code with a `:` has a
 * variable suffix (a check name, a flag, an error code). Documented in docs/decision.md.
 */
export const reasonCodes = {
  error: 'error:<code> — the check failed with this error code (record.error)',
  document_forged:
    'a hard authenticity check failed, or the soft evidence score (check verdict.score) reached the forged threshold',
  document_suspicious:
    'the soft evidence score (check verdict.score) reached the suspicious threshold, or the profile softened a failed hard check',
  template_drift:
    'the generator is one the fingerprint has not seen, but many independent payers sent it: likely a bank app update (soft)',
  document_unassessed: 'the authenticity stage gave no verdict',
  document_image_unverified:
    'the receipt is a picture and no check failed: it cannot be proven genuine from the file alone (profile document.image)',
  family_unknown: 'the receipt does not belong to a known family; authenticity makes no claim',
  check_failed:
    'check_failed:<name> — the named check failed and counted (hard or soft) under the profile; a soft check of a scored assessment (check_failed:verdict.score and the soft checks that moved the score) is listed only when the document is suspicious or forged',
  match_failed: 'match_<flag>_failed — the receipt contradicts the expectation on <flag>',
  match_unavailable: 'match flags are missing (the matching stage did not report)',
  expectation_missing: 'expectation_missing:<member> — the profile requires this expectation member',
  replay_identical_file: 'the same file was submitted before',
  replay_same_receipt: 'the same receipt (another download) was submitted before',
  replay_operation_id_reused: "an earlier receipt's operation id came back with other payment details",
  replay_cross_tenant: 'the receipt was seen at another tenant (digests only)',
  settlement_confirmed:
    "a credit of the receipt's amount reached the merchant's bank (added by the settlement service, docs/settlement.md)",
  settlement_amount_mismatch:
    "the receipt's operation was credited with another amount: profile settlement.amount_mismatch, default reject",
  settlement_not_found:
    "no credit joined the receipt within the profile's settlement wait: profile settlement.not_found, default review",
  settlement_probable:
    "the only credit of the receipt's amount and payer's name within the window joined it, without an id proving it (docs/settlement.md)",
} as const
