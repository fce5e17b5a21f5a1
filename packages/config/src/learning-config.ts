/**
 * Which tenants' decisions may teach the shared fingerprints (`fingerprint learn --from-accepted`): every
 * tenant is judged by them, so a tenant's analysts teach all of them only when the operator lists that tenant.
 * Unset: none — learning from confirmed checks reads no tenant's decisions until the operator chooses
 * (docs/authenticity.md, "Learning in production").
 */
import type { EnvReader } from './env-reader'

export interface LearningConfig {
  /** Tenant ids (`ten_…`) whose accepted checks are learning candidates; empty: none. */
  tenants: string[]
}

export function readLearning(r: EnvReader): LearningConfig {
  const text = r.optionalString('LEARNING_TENANTS', {
    doc: 'Comma-separated tenant ids whose decisions may teach the shared fingerprints (unset: none)',
  })
  return {
    tenants: (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  }
}
