import { describe, expect, it } from 'vitest'
import { createEnvReader } from './env-reader'
import { readTraceSampler } from './trace-sampler-config'

function read(env: Record<string, string>) {
  const r = createEnvReader(env)
  const sampler = readTraceSampler(r)
  return { sampler, problems: () => r.finish() }
}

describe('readTraceSampler', () => {
  it("defaults to the specification's parentbased_always_on", () => {
    const { sampler, problems } = read({})
    expect(sampler).toEqual({ name: 'parentbased_always_on', ratio: 1 })
    expect(problems).not.toThrow()
  })

  it('reads a ratio sampler and its argument', () => {
    expect(
      read({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).sampler,
    ).toEqual({ name: 'parentbased_traceidratio', ratio: 0.1 })
    expect(read({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }).sampler).toEqual({
      name: 'traceidratio',
      ratio: 0,
    })
  })

  it('takes ratio 1 for a ratio sampler without an argument, and ignores the argument of the others', () => {
    expect(read({ OTEL_TRACES_SAMPLER: 'traceidratio' }).sampler.ratio).toBe(1)
    const { sampler, problems } = read({ OTEL_TRACES_SAMPLER: 'always_off', OTEL_TRACES_SAMPLER_ARG: 'x' })
    expect(sampler).toEqual({ name: 'always_off', ratio: 1 })
    expect(problems).not.toThrow()
  })

  it('refuses an unknown sampler and a ratio outside 0..1', () => {
    expect(read({ OTEL_TRACES_SAMPLER: 'jaeger_remote' }).problems).toThrow(
      /OTEL_TRACES_SAMPLER must be one of/,
    )
    for (const arg of ['1.5', '-0.1', 'ten'])
      expect(
        read({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: arg }).problems,
      ).toThrow(/OTEL_TRACES_SAMPLER_ARG must be a number between 0 and 1/)
  })
})
