import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests run tesseract and the HEIC decoder for real: a few seconds each on a quiet 2-core machine,
    // several times that when the machine is loaded. The limit guards against a hang, not a slow read.
    testTimeout: 120_000,
  },
})
