/** The shapes code records into, one member per metric (defined in metric-definitions.ts). */

/** What the code records into: the prom-client instruments, or no-ops of the same shape when disabled. */
export interface CounterLike<L extends string> {
  inc(labels: Partial<Record<L, string | number>>, value?: number): void
}
export interface GaugeLike<L extends string> {
  set(labels: Partial<Record<L, string | number>>, value: number): void
}
export interface HistogramLike<L extends string> {
  observe(labels: Partial<Record<L, string | number>>, value: number): void
}

export interface Instruments {
  httpRequests: CounterLike<'method' | 'route' | 'status'>
  httpDuration: HistogramLike<'method' | 'route'>
  stageDuration: HistogramLike<'stage' | 'topic' | 'outcome'>
  messagesProcessed: CounterLike<'stage' | 'topic' | 'outcome'>
  messagesPublished: CounterLike<'topic'>
  retries: CounterLike<'stage' | 'topic' | 'code'>
  deadLetters: CounterLike<'stage' | 'topic' | 'code'>
  stageErrors: CounterLike<'stage' | 'code'>
  consumerLag: GaugeLike<'group' | 'topic' | 'partition'>
  aggregatorHeldResults: GaugeLike<never>
  checksCompleted: CounterLike<'status'>
  checkLatency: HistogramLike<'status'>
  checkErrors: CounterLike<'code'>
  verdicts: CounterLike<'verdict'>
  recommendations: CounterLike<'recommendation'>
  ocrCalls: CounterLike<'outcome'>
  ocrDuration: HistogramLike<'outcome'>
  modelCalls: CounterLike<'model'>
  modelTokens: CounterLike<'model' | 'kind'>
  modelCost: CounterLike<'model'>
  storeDuration: HistogramLike<'command' | 'outcome'>
  s3Duration: HistogramLike<'operation' | 'outcome'>
  reviewQueueDepth: GaugeLike<'lane'>
  reviewQueueOldestAge: GaugeLike<'lane'>
  reviewDecisions: CounterLike<'decision' | 'overruled'>
  timeToDecision: HistogramLike<'decision'>
  webhookAttempts: CounterLike<'result'>
  webhookAttemptDuration: HistogramLike<'result'>
  webhookDeliveriesEnded: CounterLike<'state' | 'reason'>
  webhookEndpointsDisabled: CounterLike<never>
}
