import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A worker starts by compiling core through tsx (about a second; several when the machine is loaded).
    testTimeout: 60_000,
  },
})
