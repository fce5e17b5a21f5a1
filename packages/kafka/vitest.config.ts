import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Integration tests wait for real brokers (group joins, rebalances); unit tests finish far sooner.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
})
