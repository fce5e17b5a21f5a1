import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // pdf.js and the real-corpus tests are CPU-bound: on a loaded 2-core CI machine a first parse can take
    // seconds. Correctness must not depend on speed (benchmarks measure that), so the bound is generous.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
