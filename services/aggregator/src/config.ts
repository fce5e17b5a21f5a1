import { type AggregatorConfig, type Env, loadAggregatorConfig } from '@rv/config'

export type { AggregatorConfig }

export function loadConfig(env: Env): AggregatorConfig {
  return loadAggregatorConfig(env)
}
