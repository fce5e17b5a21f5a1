import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['scripts/**/*.integration.test.ts'],
    // Resolves (and if needed starts) the real stack once and exports SCHEMA_REGISTRY_URL and friends.
    globalSetup: ['@rv/testing/global-setup'],
    testTimeout: 60_000,
  },
})
