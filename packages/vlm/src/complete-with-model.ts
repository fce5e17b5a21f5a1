/**
 * The vision-model step of extraction, run after the deterministic reading: decides whether the model is
 * wanted (the tenant's policy), guards the call (budget, circuit breaker, timeouts, retries with backoff),
 * prices every call from its `usage`, grounds the answer in the document's text and merges it. When the
 * model is needed (a required field missing or weak) and cannot be had, the result carries
 * `vlm_unavailable` (retryable) and the check finishes `failed`; when it was only asked for (`always`) the
 * deterministic reading stands.
 */
import type { VlmConfig } from '@rv/config'
import type { ExtractionResult } from '@rv/core'
import { priceModelCall } from '@rv/core/cost'
import {
  defaultModelPolicy,
  fieldsNeedingModel,
  groundModelReading,
  type ModelPolicy,
  mergeModelFields,
  modelPromptText,
  modelWanted,
  toModelReading,
} from '@rv/core/extraction'
import { checkErrorCodes } from '@rv/core/vocabulary'
import type { ErrorBlock, ModelCall } from '@rv/schemas'
import { type ChatModel, createChatModel } from './chat-model'
import { type CircuitBreaker, createCircuitBreaker } from './circuit-breaker'
import { budgetDay, budgetExhausted, type ModelBudgetStore } from './model-budget'
import { classifyModelFailure } from './model-failure'
import { isModelFailure, UnusableAnswerError, withRetries } from './retry'

export interface ModelStepInput {
  tenantId: string
  profile: { name: string; version: number }
  /** The submitted file; an image is sent to the model, a PDF is represented by its text layer. */
  document: { bytes: Uint8Array; mediaType: string }
  extraction: ExtractionResult
}

export interface ModelStepOutput {
  extraction: ExtractionResult
  /** Every call made, priced, including calls whose answer was unusable. */
  calls: ModelCall[]
  /** `vlm_unavailable` when the model was needed and could not be had. */
  error: ErrorBlock | null
}

export type CompleteWithModel = (input: ModelStepInput) => Promise<ModelStepOutput>

export interface ModelStepDeps {
  budget: ModelBudgetStore
  /** The `vlm` member of the check's profile, when it has one. */
  policyFor: (
    tenantId: string,
    profile: { name: string; version: number },
  ) => Promise<ModelPolicy | undefined>
  now?: () => Date
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Replaces the `openai` client (tests of the orchestration only). */
  chatModel?: ChatModel
  /** Where a failed call's details go (the provider's error text never reaches the tenant). */
  logger?: { warn(message: string, fields?: Record<string, unknown>): void }
}

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp'])

/**
 * The step, or undefined when no model is configured (VLM_BASE_URL unset): then nothing calls a model.
 * @example
 * const completeWithModel = createModelStep(config.vlm, { budget, policyFor })
 */
export function createModelStep(config: VlmConfig, deps: ModelStepDeps): CompleteWithModel | undefined {
  const { baseUrl, model } = config
  if (baseUrl === undefined || model === undefined) return undefined
  const now = deps.now ?? (() => new Date())
  const chat =
    deps.chatModel ??
    createChatModel({
      baseUrl,
      apiKey: config.apiKey,
      model,
      timeoutMs: config.timeoutMs,
      maxOutputTokens: config.maxOutputTokens,
    })
  // One breaker per tenant: a tenant whose documents make the endpoint fail does not shut the model off
  // for the others. Tenants are few (one entry each, kept for the process's life).
  const breakers = new Map<string, CircuitBreaker>()
  const breakerOf = (tenantId: string): CircuitBreaker => {
    let breaker = breakers.get(tenantId)
    if (!breaker) {
      breaker = createCircuitBreaker({
        failures: config.breakerFailures,
        cooldownMs: config.breakerCooldownMs,
        now: () => now().getTime(),
      })
      breakers.set(tenantId, breaker)
    }
    return breaker
  }
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const limits = { usdPerDay: config.budgetUsdPerDay, tokensPerDay: config.budgetTokensPerDay }

  return async (input) => {
    const policy = (await deps.policyFor(input.tenantId, input.profile)) ?? {
      ...defaultModelPolicy,
      use: config.use,
    }
    const fields = input.extraction.fields
    if (!modelWanted(fields, policy)) return { extraction: input.extraction, calls: [], error: null }
    const needed = fieldsNeedingModel(fields, policy)
    const calls: ModelCall[] = []
    const unavailable = (why: string): ModelStepOutput => ({
      extraction: { ...input.extraction, facts: { ...input.extraction.facts, 'vlm.unavailable': why } },
      calls,
      error:
        needed.length === 0
          ? null
          : {
              code: 'vlm_unavailable',
              message: `${checkErrorCodes.vlm_unavailable.message} ${why} (needed for: ${needed.join(', ')}).`,
              retryable: checkErrorCodes.vlm_unavailable.retryable,
            },
    })

    const day = budgetDay(now())
    if (budgetExhausted(await deps.budget.spent(input.tenantId, day), limits)) {
      return unavailable('The tenant spent its daily model budget')
    }
    const breaker = breakerOf(input.tenantId)
    if (!breaker.tryAcquire()) return unavailable('The circuit breaker is open after repeated failures')

    const image = imageTypes.has(input.document.mediaType) ? input.document : undefined
    const text = modelPromptText(input.extraction.normalizedText, config.maxPromptChars)
    const request = { text, ...(image ? { image } : {}) }
    let reading: ReturnType<typeof toModelReading>
    try {
      reading = await withRetries(
        async () => {
          const answer = await chat(request)
          const call = priceModelCall(model, answer.usage, config.prices)
          calls.push(call)
          await deps.budget.add(input.tenantId, day, {
            tokens: call.prompt_tokens + call.completion_tokens,
            picoUsd: Math.round(call.usd * 1e12),
          })
          const parsed = toModelReading(answer.reading)
          if (!parsed)
            throw new UnusableAnswerError('The model answered no JSON object of the receipt fields')
          return parsed
        },
        {
          maxAttempts: config.maxAttempts,
          backoffMs: config.backoffMs,
          sleep,
          random: deps.random ?? Math.random,
        },
      )
    } catch (error) {
      // A store outage (budget counter) is not the model's: thrown, so the bus retries the message.
      if (!isModelFailure(error)) throw error
      const failure = classifyModelFailure(error)
      // A refusal or an unusable answer: the endpoint is up, so the breaker counts it as answered.
      if (failure.outage) breaker.failure()
      else breaker.success()
      deps.logger?.warn('model call failed', {
        tenant_id: input.tenantId,
        code: failure.code,
        ...(failure.status === undefined ? {} : { status: failure.status }),
        err: (error as Error).message,
      })
      return unavailable(`The model call failed (${failure.code})`)
    }
    breaker.success()
    const grounded = groundModelReading(reading, input.extraction.normalizedText)
    const merged = mergeModelFields(fields, grounded)
    return {
      extraction: {
        ...input.extraction,
        fields: merged.fields,
        facts: {
          ...input.extraction.facts,
          'vlm.model': model,
          'vlm.taken': merged.taken.join(','),
          'vlm.reasons': grounded.reasons.join(','),
        },
      },
      calls,
      error: null,
    }
  }
}
