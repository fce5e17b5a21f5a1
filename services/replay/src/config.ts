import { type Env, loadStageConfig, type StageConfig } from '@rv/config'

export type ReplayConfig = StageConfig

export function loadConfig(env: Env): ReplayConfig {
  return loadStageConfig('replay', env)
}
