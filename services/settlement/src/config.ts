import { type Env, loadSettlementConfig, type SettlementConfig } from '@rv/config'

export function loadConfig(env: Env): SettlementConfig {
  return loadSettlementConfig(env)
}
