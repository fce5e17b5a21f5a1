/**
 * A submission's expectation, checked before anything is stored (idempotency key, file, record) so that a
 * refused submission leaves no trace: valid against its schema (422 `expectation_invalid`), holding the
 * members the tenant's pinned verification profile requires (422 too), and the profile it is checked under.
 */
import { expectationRequirementProblems } from '@rv/core'
import type { CheckSubmittedV1 } from '@rv/schemas'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import type { createExpectationValidator } from './expectation-validator'

export interface AcceptedExpectation {
  expectation: CheckSubmittedV1['expectation']
  profile: CheckSubmittedV1['profile']
}

export async function acceptExpectation(
  deps: Pick<GatewayDeps, 'pinProfile' | 'defaultProfile'>,
  validate: ReturnType<typeof createExpectationValidator>,
  tenant: GatewayEnv['Variables']['tenant'],
  expectationText: string | undefined,
): Promise<AcceptedExpectation> {
  const expectation = validate(expectationText)
  if (!expectation.ok) {
    throw new ApiError(422, 'expectation_invalid', {
      message: 'The expectation part is not valid.',
      param: 'expectation',
      details: expectation.details,
    })
  }
  const pinned = await deps.pinProfile?.(tenant.id)
  const required = pinned ? expectationRequirementProblems(expectation.value, pinned) : []
  if (required.length > 0) {
    throw new ApiError(422, 'expectation_invalid', {
      message: 'The expectation lacks members the verification profile requires.',
      param: 'expectation',
      details: required,
    })
  }
  const profile = pinned
    ? { name: pinned.name, version: pinned.version }
    : (tenant.profile ?? deps.defaultProfile)
  return { expectation: expectation.value, profile }
}
