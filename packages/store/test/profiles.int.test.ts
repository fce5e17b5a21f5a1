import { defaultProfile } from '@rv/core'
import { createCleanup } from '@rv/testing'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  createProfileRepository,
  InvalidProfileError,
  type ProfileRepository,
} from '../src/profile-repository'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-profiles')
let client: MongoClient
let profiles: ProfileRepository

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await client.connect()
  profiles = createProfileRepository(client.db(cleanup.database()))
  await profiles.ensureIndexes()
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

describe('profile repository', () => {
  it('given nothing stored, then the built-in default v1 is served', async () => {
    expect(await profiles.latest('ten_a', 'default')).toEqual(defaultProfile)
    expect(await profiles.find('ten_a', 'default', 1)).toEqual(defaultProfile)
    expect(await profiles.find('ten_a', 'default', 2)).toBeUndefined()
  })

  it('given a tenant edit of default, then version 2 for that tenant only; v1 still means the built-in', async () => {
    const v2 = await profiles.save('ten_a', 'default', {
      replay: { ...defaultProfile.replay, identical_file: 'reject' },
    })
    expect(v2).toMatchObject({ name: 'default', version: 2, tenant_id: 'ten_a' })
    expect(await profiles.find('ten_a', 'default', 1)).toEqual(defaultProfile)
    expect((await profiles.find('ten_a', 'default', 2))?.replay.identical_file).toBe('reject')
    expect(await profiles.latest('ten_b', 'default')).toEqual(defaultProfile)
  })

  it('given an unchanged save, then no new version; given a change, then latest + 1, older untouched', async () => {
    const a = await profiles.save('ten_c', 'strict', {
      document: { ...defaultProfile.document, suspicious: 'reject' },
    })
    expect(a.version).toBe(1)
    expect(await profiles.save('ten_c', 'strict', {})).toEqual(a)
    const b = await profiles.save('ten_c', 'strict', {
      match: { ...defaultProfile.match, min_visible_digits: 6 },
    })
    expect(b.version).toBe(2)
    expect(b.document.suspicious).toBe('reject')
    expect((await profiles.versions('ten_c', 'strict')).map((p) => p.version)).toEqual([1, 2])
    expect((await profiles.find('ten_c', 'strict', 1))?.match.min_visible_digits).toBe(4)
  })

  it('given concurrent different edits, then each gets its own version and none is lost', async () => {
    const saved = await Promise.all(
      [5, 6, 7].map((digits) =>
        profiles.save('ten_d', 'race', { match: { ...defaultProfile.match, min_visible_digits: digits } }),
      ),
    )
    expect(new Set(saved.map((p) => p.version)).size).toBe(3)
    expect((await profiles.versions('ten_d', 'race')).map((p) => p.version)).toEqual([1, 2, 3])
  })

  it('refuses a profile the schema refuses', async () => {
    await expect(profiles.save('ten_e', 'Bad Name', {})).rejects.toBeInstanceOf(InvalidProfileError)
  })
})
