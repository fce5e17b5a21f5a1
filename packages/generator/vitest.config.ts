import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Generating every variant and running poppler on it takes a few seconds on a shared 2-core machine.
    testTimeout: 60_000,
  },
})
