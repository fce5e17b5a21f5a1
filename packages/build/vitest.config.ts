import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The tests bundle real services (about a second each; several when the machine is loaded).
    testTimeout: 120_000,
  },
})
