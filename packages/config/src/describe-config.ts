import { stageNames } from '@rv/core/vocabulary'
import { readAggregatorConfig } from './aggregator-config'
import { readConsoleConfig } from './console-config'
import { createEnvReader, type EnvVarDoc } from './env-reader'
import { readGatewayConfig } from './gateway-config'
import { readSettlementConfig } from './settlement-config'
import { readStageConfig } from './stage-config'
import { readWebhooksConfig } from './webhooks-config'

/**
 * Every variable any service reads, with its documentation and default, once each: the source of the
 * configuration table in services/README.md (a test keeps the two in step).
 */
export function describeConfig(): EnvVarDoc[] {
  const r = createEnvReader({})
  readGatewayConfig(r)
  for (const service of stageNames) readStageConfig(service, r)
  readAggregatorConfig(r)
  readSettlementConfig(r)
  readConsoleConfig(r)
  readWebhooksConfig(r)
  const seen = new Map<string, EnvVarDoc>()
  for (const doc of r.docs()) if (!seen.has(doc.name)) seen.set(doc.name, doc)
  return [...seen.values()]
}
