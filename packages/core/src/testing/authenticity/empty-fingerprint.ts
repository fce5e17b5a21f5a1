/** Test helper: a learned fingerprint with no facts, only what a test sets (calibration, version, …). */
import type { Fingerprint } from '../../stages/authenticity/fingerprint/fingerprint'

export function emptyFingerprint(overrides: Partial<Fingerprint> = {}): Fingerprint {
  return {
    family: 'test',
    source: 'learned',
    samples: 46,
    categorical: {},
    members: {},
    numeric: {},
    subsetTagPattern: '^[A-Z]{6}$',
    layout: { tolerance: 0.6, left: [], right: [], center: [], baselines: [] },
    semantics: { idTimeSlack: null, creationAfterOperation: null, generatedAfterOperation: null },
    ...overrides,
  }
}
