/**
 * A match flag is `true` when the expectation did not ask, so a profile that relies on, say, the amount
 * must make sure the amount was asked. Members listed in `expectation.required_members` are checked here:
 * the gateway refuses the submission (422) when the profile says `refuse`; otherwise `decide` turns each
 * missing member into a reason.
 */
import type { Expectation, Profile } from '@rv/schemas'

export function missingExpectationMembers(expectation: Expectation, profile: Profile): string[] {
  return profile.expectation.required_members.filter(
    (m) => (expectation as Record<string, unknown>)[m] === undefined,
  )
}

/** Problems in the API's `details` shape, for the gateway's 422 when the profile refuses. */
export function expectationRequirementProblems(
  expectation: Expectation,
  profile: Profile,
): { path: string; message: string }[] {
  if (profile.expectation.missing !== 'refuse') return []
  return missingExpectationMembers(expectation, profile).map((m) => ({
    path: `/${m}`,
    message: `is required by profile ${profile.name} v${profile.version}`,
  }))
}
