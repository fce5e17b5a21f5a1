import type { TestProject } from 'vitest/node'
import { stackToEnv } from './env-stack'
import { resolveStack } from './resolve-stack'
import type { StackConfig } from './stack-config'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackConfig
  }
}

/**
 * Vitest `globalSetup`: resolves the stack once for the whole run, exports its variables (so test
 * files, and the services they start, find it through the environment) and provides it to tests
 * as `inject('stack')`. Stops only what it started.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ['@rv/testing/global-setup'] } })
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await resolveStack()
  Object.assign(process.env, stackToEnv(stack))
  const { kafkaBrokers, schemaRegistryUrl, mongoUrl, s3, kafkaSaslSsl, postgres } = stack
  project.provide('stack', {
    kafkaBrokers,
    schemaRegistryUrl,
    mongoUrl,
    s3,
    ...(kafkaSaslSsl ? { kafkaSaslSsl } : {}),
    ...(postgres ? { postgres } : {}),
  })
  return () => stack.stop()
}
