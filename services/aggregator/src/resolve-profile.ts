import { defaultProfile } from '@rv/core/decision/index'
import type { Profile } from '@rv/schemas'

/**
 * The decision profile a check pinned at submission. Only the built-in profile exists until tenant
 * profiles are stored (helper-6's profile commands): every reference resolves to it.
 */
export function resolveProfile(_ref: { name: string; version: number }): Profile {
  return defaultProfile
}
