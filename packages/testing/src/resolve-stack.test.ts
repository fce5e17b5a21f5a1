import { describe, expect, it } from 'vitest'
import { stackToEnv } from './env-stack'
import { type ResolveStackDeps, resolveStackWith } from './resolve-stack'
import { type StackConfig, s3FromEndpoint } from './stack-config'

const stackAt = (label: string): StackConfig => ({
  kafkaBrokers: [`${label}:9092`],
  schemaRegistryUrl: `http://${label}:8081/apis/ccompat/v7`,
  mongoUrl: `mongodb://${label}:27017/`,
  s3: s3FromEndpoint(`http://${label}:9000`, 'k', 'secret'),
})

/** Records which way the resolver went; each start returns servers named after its source. */
function world(env: Record<string, string>, docker: boolean) {
  const calls: string[] = []
  const deps: ResolveStackDeps = {
    env,
    dockerAnswers: async () => {
      calls.push('dockerAnswers')
      return docker
    },
    startDocker: async () => {
      calls.push('startDocker')
      return {
        stack: stackAt('docker'),
        stop: async () => {
          calls.push('stopDocker')
        },
      }
    },
    startNative: async () => {
      calls.push('startNative')
      return stackAt('native')
    },
    log: () => {},
  }
  return { deps, calls }
}

describe('resolveStackWith', () => {
  it('takes explicit variables first, without asking Docker or starting anything', async () => {
    const { deps, calls } = world(stackToEnv(stackAt('explicit')), true)
    const stack = await resolveStackWith(deps)
    expect(stack.source).toBe('env')
    expect(stack.kafkaBrokers).toEqual(['explicit:9092'])
    await stack.stop()
    expect(calls).toEqual([])
  })

  it('starts containers when Docker answers, and stop() stops them', async () => {
    const { deps, calls } = world({}, true)
    const stack = await resolveStackWith(deps)
    expect(stack.source).toBe('docker')
    expect(stack.mongoUrl).toBe('mongodb://docker:27017/')
    await stack.stop()
    expect(calls).toEqual(['dockerAnswers', 'startDocker', 'stopDocker'])
  })

  it('falls back to the native stack without Docker, and leaves it running', async () => {
    const { deps, calls } = world({}, false)
    const stack = await resolveStackWith(deps)
    expect(stack.source).toBe('native')
    expect(stack.s3.host).toBe('native')
    await stack.stop()
    expect(calls).toEqual(['dockerAnswers', 'startNative'])
  })

  it('fails on a partial environment instead of starting other servers', async () => {
    const { deps, calls } = world({ KAFKA_BROKERS: 'a:1' }, true)
    await expect(resolveStackWith(deps)).rejects.toThrow(/incomplete stack environment/)
    expect(calls).toEqual([])
  })
})
