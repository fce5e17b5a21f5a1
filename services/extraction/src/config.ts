import { type Env, loadStageConfig, type StageConfig } from '@rv/config'

export type ExtractionConfig = StageConfig

export function loadConfig(env: Env): ExtractionConfig {
  return loadStageConfig('extraction', env)
}
