import { type Env, loadWebhooksConfig, type WebhooksConfig } from '@rv/config'

export function loadConfig(env: Env): WebhooksConfig {
  return loadWebhooksConfig(env)
}
