/** Composition root of the webhooks service: the result-topic consumer that stores deliveries, and the sweeper that sends them. */

import { readProcessEnv } from '@rv/config'
import type { WebhookSource, webhookTopics } from '@rv/core/webhooks'
import { createLogger } from '@rv/logger'
import { consumerTuning, runService } from '@rv/service-runtime'
import { connectStore } from '@rv/store'
import type { DeliveryDeps } from './attempt-delivery'
import { loadConfig } from './config'
import { handleResultEvent, handleResultEvents } from './handler'
import { createWebhookSender } from './send-webhook'
import { startDeliverySweeper } from './sweeper'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'webhooks' } })
const now = () => new Date()

await runService({
  name: 'webhooks',
  config,
  logger,
  start: async (service) => {
    const store = await service.step('store', () => connectStore(config.mongo))
    await service.step('indexes', () => store.ensureIndexes())
    const bus = await service.openBus()
    const deps: DeliveryDeps = {
      endpoints: store.webhookEndpoints,
      deliveries: store.webhookDeliveries,
      send: createWebhookSender(config.delivery),
      schedule: config.schedule,
      disableAfterMs: config.disableAfterMs,
      now,
      random: Math.random,
      logger,
    }
    const sweeper = startDeliverySweeper(deps, {
      ...config.sweeper,
      concurrency: config.delivery.concurrency,
      leaseMs: 2 * config.delivery.timeoutMs + 5000,
      recheckMs: 60_000,
    })

    const handlerDeps = { endpoints: store.webhookEndpoints, deliveries: store.webhookDeliveries, now }
    const consumer = await bus.consume({
      groupId: `${config.kafka.groupPrefix}-webhooks`,
      // The topics of core's `webhookTopics`, written out: deploy/k8s's KEDA test reads them from this file.
      topics: [
        'check.completed.v1',
        'check.settlement-changed.v1',
        'check.reviewed.v1',
      ] satisfies typeof webhookTopics,
      stage: 'webhooks',
      ...consumerTuning(config.consumer),
      // A fetched batch reads each tenant's endpoints once; a message handled alone (a retry) reads its own.
      handleBatch: async (messages) => {
        if ((await handleResultEvents(messages.map(sourceOf), handlerDeps)) > 0) sweeper.kick()
      },
      handle: async (message) => {
        if ((await handleResultEvent(sourceOf(message), handlerDeps)) > 0) sweeper.kick()
      },
    })
    service.watch(consumer)
    logger.info('webhooks consuming')
    // The consumer stops first (its last stored deliveries still kick the sweeper), then the sweeper.
    return [bus.close, () => sweeper.stop(), () => store.close()]
  },
})

/** A consumed message as the handler's source (the three topics are `webhookTopics`). */
function sourceOf(message: { topic: string; value: unknown }): WebhookSource {
  return { topic: message.topic, value: message.value } as WebhookSource
}
