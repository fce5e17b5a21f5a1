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

/** What every run of the step shares: the configuration, the model client, the per-tenant breakers, the clock. */
interface StepContext {
  config: VlmConfig
  model: string
  deps: ModelStepDeps
  chat: ChatModel
  breakerOf: (tenantId: string) => CircuitBreaker
  now: () => Date
  sleep: (ms: number) => Promise<void>
}

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
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const ctx: StepContext = { config, model, deps, chat, breakerOf: tenantBreakers(config, now), now, sleep }
  return (input) => runModelStep(ctx, input)
}

/**
 * One breaker per tenant: a tenant whose documents make the endpoint fail does not shut the model off for
 * the others. Tenants are few (one entry each, kept for the process's life).
 */
function tenantBreakers(config: VlmConfig, now: () => Date): (tenantId: string) => CircuitBreaker {
  const breakers = new Map<string, CircuitBreaker>()
  return (tenantId) => {
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
}

/** Policy, budget and breaker first; then the guarded call, and its answer grounded and merged. */
async function runModelStep(ctx: StepContext, input: ModelStepInput): Promise<ModelStepOutput> {
  const { config, deps } = ctx
  const policy = (await deps.policyFor(input.tenantId, input.profile)) ?? {
    ...defaultModelPolicy,
    use: config.use,
  }
  const fields = input.extraction.fields
  if (!modelWanted(fields, policy)) return { extraction: input.extraction, calls: [], error: null }
  const needed = fieldsNeedingModel(fields, policy)
  const calls: ModelCall[] = []
  const unavailable = (why: string) => unavailableOutput(input, calls, needed, why)

  const day = budgetDay(ctx.now())
  const limits = { usdPerDay: config.budgetUsdPerDay, tokensPerDay: config.budgetTokensPerDay }
  if (budgetExhausted(await deps.budget.spent(input.tenantId, day), limits)) {
    return unavailable('The tenant spent its daily model budget')
  }
  const breaker = ctx.breakerOf(input.tenantId)
  if (!breaker.tryAcquire()) return unavailable('The circuit breaker is open after repeated failures')

  let reading: ModelReading
  try {
    reading = await readWithModel(ctx, input, day, calls)
  } catch (error) {
    return unavailable(`The model call failed (${recordModelFailure(ctx, breaker, input.tenantId, error)})`)
  }
  breaker.success()
  return mergedOutput(ctx.model, input, reading, calls)
}

type ModelReading = NonNullable<ReturnType<typeof toModelReading>>

/** The deterministic reading stands; `vlm_unavailable` only when a field needed the model. */
function unavailableOutput(
  input: ModelStepInput,
  calls: ModelCall[],
  needed: readonly string[],
  why: string,
): ModelStepOutput {
  return {
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
  }
}

/** The model's reading of the document, with retries; every call is priced, pushed to `calls` and counted in the budget. */
async function readWithModel(
  ctx: StepContext,
  input: ModelStepInput,
  day: string,
  calls: ModelCall[],
): Promise<ModelReading> {
  const { config, deps } = ctx
  const image = imageTypes.has(input.document.mediaType) ? input.document : undefined
  const text = modelPromptText(input.extraction.normalizedText, config.maxPromptChars)
  const request = { text, ...(image ? { image } : {}) }
  return withRetries(
    async () => {
      const answer = await ctx.chat(request)
      const call = priceModelCall(ctx.model, answer.usage, config.prices)
      calls.push(call)
      await deps.budget.add(input.tenantId, day, {
        tokens: call.prompt_tokens + call.completion_tokens,
        picoUsd: Math.round(call.usd * 1e12),
      })
      const parsed = toModelReading(answer.reading)
      if (!parsed) throw new UnusableAnswerError('The model answered no JSON object of the receipt fields')
      return parsed
    },
    {
      maxAttempts: config.maxAttempts,
      backoffMs: config.backoffMs,
      sleep: ctx.sleep,
      random: deps.random ?? Math.random,
    },
  )
}

/** A failed model call told to the breaker and the log; its code. Anything else (a store outage) is thrown. */
function recordModelFailure(
  ctx: StepContext,
  breaker: CircuitBreaker,
  tenantId: string,
  error: unknown,
): string {
  // A store outage (budget counter) is not the model's: thrown, so the bus retries the message.
  if (!isModelFailure(error)) throw error
  const failure = classifyModelFailure(error)
  // A refusal or an unusable answer: the endpoint is up, so the breaker counts it as answered.
  if (failure.outage) breaker.failure()
  else breaker.success()
  ctx.deps.logger?.warn('model call failed', {
    tenant_id: tenantId,
    code: failure.code,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    err: (error as Error).message,
  })
  return failure.code
}

/** The model's reading grounded in the document's text and merged into the deterministic fields. */
function mergedOutput(
  model: string,
  input: ModelStepInput,
  reading: ModelReading,
  calls: ModelCall[],
): ModelStepOutput {
  const grounded = groundModelReading(reading, input.extraction.normalizedText)
  const merged = mergeModelFields(input.extraction.fields, grounded)
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
