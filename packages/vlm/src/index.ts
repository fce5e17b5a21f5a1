export { type ChatModel, createChatModel, type ReadingAnswer, type ReadingRequest } from './chat-model'
export { type BreakerState, type CircuitBreaker, createCircuitBreaker } from './circuit-breaker'
export {
  type CompleteWithModel,
  createModelStep,
  type ModelStepDeps,
  type ModelStepInput,
  type ModelStepOutput,
} from './complete-with-model'
export {
  type BudgetLimits,
  type BudgetSpend,
  budgetDay,
  budgetExhausted,
  createMemoryBudgetStore,
  type ModelBudgetStore,
} from './model-budget'
export { classifyModelFailure, type ModelFailure, type ModelFailureCode } from './model-failure'
export { backoffDelay, isModelFailure, isRetryable, withRetries } from './retry'
