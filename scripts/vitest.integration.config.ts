import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['**/*.int.test.ts'],
    exclude: ['**/node_modules/**'],
    // Resolves (and if needed starts) the real stack once for the run; tests read it with inject('stack').
    globalSetup: ['@rv/testing/global-setup'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
