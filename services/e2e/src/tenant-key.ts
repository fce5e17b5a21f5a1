import { connectStore } from '@rv/store'
import type { StackConfig } from '@rv/testing'

/**
 * A tenant with an API key in a test's own database (indexes ensured first), for tests that submit through
 * the gateway.
 *
 * @example const key = await createTenantKey(stack, e2e.database, 'recovery')
 */
export async function createTenantKey(stack: StackConfig, database: string, name: string): Promise<string> {
  const store = await connectStore({ url: stack.mongoUrl, database })
  try {
    await store.ensureIndexes()
    const tenant = await store.tenants.createTenant(name)
    return (await store.tenants.createKey(tenant._id)).key
  } finally {
    await store.close()
  }
}
