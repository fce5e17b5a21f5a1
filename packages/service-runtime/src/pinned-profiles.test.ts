import { defaultProfile } from '@rv/core/decision'
import type { Profile } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { createPinnedProfiles } from './pinned-profiles'

const strict: Profile = { ...defaultProfile, name: 'strict', version: 2, tenant_id: 'ten_a' }

function countingFind(profiles: Record<string, Profile>) {
  const calls: string[] = []
  const find = async (tenantId: string, name: string, version: number) => {
    calls.push(`${tenantId}/${name}/${version}`)
    return profiles[`${tenantId}/${name}/${version}`]
  }
  return { find, calls }
}

describe('createPinnedProfiles', () => {
  it('reads each (tenant, name, version) from the store once', async () => {
    const { find, calls } = countingFind({ 'ten_a/strict/2': strict, 'ten_b/default/1': defaultProfile })
    const pinned = createPinnedProfiles(find)
    expect(await pinned('ten_a', { name: 'strict', version: 2 })).toBe(strict)
    expect(await pinned('ten_a', { name: 'strict', version: 2 })).toBe(strict)
    expect(await pinned('ten_b', { name: 'default', version: 1 })).toBe(defaultProfile)
    expect(calls).toEqual(['ten_a/strict/2', 'ten_b/default/1'])
  })

  it('keys by tenant and version: another tenant or version is read on its own', async () => {
    const { find, calls } = countingFind({ 'ten_a/strict/2': strict })
    const pinned = createPinnedProfiles(find)
    await pinned('ten_a', { name: 'strict', version: 2 })
    expect(await pinned('ten_b', { name: 'strict', version: 2 })).toBeUndefined()
    expect(await pinned('ten_a', { name: 'strict', version: 3 })).toBeUndefined()
    expect(calls).toEqual(['ten_a/strict/2', 'ten_b/strict/2', 'ten_a/strict/3'])
  })

  it('does not remember a miss', async () => {
    const profiles: Record<string, Profile> = {}
    const { find, calls } = countingFind(profiles)
    const pinned = createPinnedProfiles(find)
    expect(await pinned('ten_a', { name: 'strict', version: 2 })).toBeUndefined()
    profiles['ten_a/strict/2'] = strict
    expect(await pinned('ten_a', { name: 'strict', version: 2 })).toBe(strict)
    expect(calls).toHaveLength(2)
  })
})
