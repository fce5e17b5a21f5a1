/**
 * `@rv/testing/use-test-store`: its own entry point, because it imports vitest and the main one is also
 * imported by scripts that run outside vitest.
 */
import { afterAll, beforeAll, inject } from 'vitest'
import { dropDatabases } from './drop-databases'
// For the type of `inject('stack')`, which the global setup declares.
import type {} from './global-setup'
import { randomName } from './random-name'

/** What the helper needs of a store: to close it, and to build its indexes unless told not to. */
export interface TestableStore {
  close(): Promise<void>
  ensureIndexes?(): Promise<void>
}

/** How to open the store: `connectStore` of `@rv/store` (passed in: the store's own tests use this package). */
export type ConnectTestStore<S> = (options: { url: string; database: string }) => Promise<S>

export interface TestStoreOptions {
  /** The server to connect to; default the stack's MongoDB. A function is read in `beforeAll` (e.g. a relay started there). */
  url?: string | (() => string)
  /** Whether to call `ensureIndexes()` after connecting; default true. */
  ensureIndexes?: boolean
  /** The `beforeAll` timeout in ms (connecting and building the indexes); default vitest's `hookTimeout`. */
  timeoutMs?: number
}

/** The store once `beforeAll` has connected it; `database` is its fresh name, known at once. */
export type TestStore<S> = (() => S) & { readonly database: string }

/**
 * Registers vitest `beforeAll`/`afterAll` for a store on a fresh, randomly named database of the stack:
 * connects (and builds the indexes) before the tests, closes the store and drops the database after them.
 * Call it at the top of a test file, or in a `describe` to scope it there.
 *
 * @example
 * const store = useTestStore('it-aggregator', connectStore)
 * it('…', async () => { await store().checks.insertPending(record, submission) })
 */
export function useTestStore<S extends TestableStore>(
  prefix: string,
  connect: ConnectTestStore<S>,
  options: TestStoreOptions = {},
): TestStore<S> {
  const stack = inject('stack')
  const database = randomName(prefix)
  let store: S | undefined
  beforeAll(async () => {
    const url = typeof options.url === 'function' ? options.url() : (options.url ?? stack.mongoUrl)
    store = await connect({ url, database })
    if (options.ensureIndexes !== false) await store.ensureIndexes?.()
  }, options.timeoutMs)
  afterAll(async () => {
    try {
      await store?.close()
    } finally {
      store = undefined
      await dropDatabases(stack.mongoUrl, [database])
    }
  })
  const get = () => {
    if (!store)
      throw new Error(`the test store on ${database} is not connected: use it inside a test or hook`)
    return store
  }
  return Object.assign(get, { database })
}
