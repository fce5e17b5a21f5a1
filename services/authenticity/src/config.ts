import { type Env, loadStageConfig, type StageConfig } from '@rv/config'

export type AuthenticityConfig = StageConfig

export function loadConfig(env: Env): AuthenticityConfig {
  return loadStageConfig('authenticity', env)
}
