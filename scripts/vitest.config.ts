import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The integration tests need the real stack: vitest.integration.config.ts.
    exclude: [...configDefaults.exclude, '**/*.int.test.ts'],
  },
})
