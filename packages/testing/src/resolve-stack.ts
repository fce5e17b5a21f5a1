import { dockerAnswers } from './docker-probe'
import { type StartedDockerStack, startDockerStack } from './docker-stack'
import { type StackEnv, stackFromEnv } from './env-stack'
import { startNativeStack } from './native-stack'
import type { StackConfig } from './stack-config'

export type StackSource = 'env' | 'docker' | 'native'

export interface ResolvedStack extends StackConfig {
  source: StackSource
  /** Stops what this resolver started (testcontainers); servers it found running are left alone. */
  stop(): Promise<void>
}

export interface ResolveStackDeps {
  env: StackEnv
  dockerAnswers(): Promise<boolean>
  startDocker(): Promise<StartedDockerStack>
  startNative(): Promise<StackConfig>
  log(message: string): void
}

const keepRunning = async () => {}

/**
 * Decides where the real servers come from, in this order: explicit variables in the environment
 * (KAFKA_BROKERS, SCHEMA_REGISTRY_URL, MONGODB_URL, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY);
 * else testcontainers when a Docker engine answers; else the native stack (`deploy/native/stack.sh`).
 */
export async function resolveStackWith(deps: ResolveStackDeps): Promise<ResolvedStack> {
  const fromEnv = stackFromEnv(deps.env)
  if (fromEnv) {
    return { ...fromEnv, source: 'env', stop: keepRunning }
  }
  if (await deps.dockerAnswers()) {
    deps.log('stack: Docker answers, starting containers with testcontainers')
    const started = await deps.startDocker()
    return { ...started.stack, source: 'docker', stop: started.stop }
  }
  deps.log('stack: no stack variables and no Docker engine, starting the native stack')
  return { ...(await deps.startNative()), source: 'native', stop: keepRunning }
}

let current: Promise<ResolvedStack> | undefined

/**
 * The stack of this process, resolved once: later calls share the first call's result.
 *
 * @example
 * const stack = await resolveStack()
 * const kafka = new Kafka({ brokers: stack.kafkaBrokers })
 */
export function resolveStack(): Promise<ResolvedStack> {
  current ??= resolveStackWith({
    env: process.env,
    dockerAnswers: () => dockerAnswers(process.env),
    startDocker: startDockerStack,
    startNative: () => startNativeStack(),
    log: (message) => process.stderr.write(`${message}\n`),
  }).catch((err: unknown) => {
    // A failed attempt must not be cached: the next caller may have fixed the cause.
    current = undefined
    throw err
  })
  return current
}
