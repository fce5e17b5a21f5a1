import { type Env, loadStageConfig, type StageConfig } from '@rv/config'

export type MatchingConfig = StageConfig

export function loadConfig(env: Env): MatchingConfig {
  return loadStageConfig('matching', env)
}
