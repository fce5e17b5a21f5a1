import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Generating every variant and running poppler (and x265 for HEIC) on it takes a few seconds on a quiet
    // 2-core machine and over a minute on a loaded one. The limit guards against a hang, not a slow run.
    testTimeout: 180_000,
  },
})
