import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.integration.test.ts'],
    // Resolves (and if needed starts) the real stack once and exports KAFKA_BROKERS, SCHEMA_REGISTRY_URL, ...
    globalSetup: ['@rv/testing/global-setup'],
    // Integration tests wait for real brokers (group joins, rebalances).
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
