/** Composition root of the settlement service: the join consumer and the sweeper of awaited credits. */
import { readProcessEnv } from '@rv/config'
import { type EventBus, KafkaStageError } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { consumerTuning, createPinnedProfiles, runService } from '@rv/service-runtime'
import { loadKeyRing, withSignature } from '@rv/signing'
import { connectStore, type Store } from '@rv/store'
import { loadConfig } from './config'
import { unboundCreditProducer } from './credit-producer'
import { storeErasureGate } from './erasure-gate'
import { handleCompleted, handleCredit } from './handler'
import type { SettlementDeps } from './settle-document'
import { startSweeper } from './sweeper'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'settlement' } })

await runService({
  name: 'settlement',
  config,
  logger,
  start: async (service) => {
    const store = await service.step('store', () => connectStore(config.mongo))
    await service.step('indexes', () => store.ensureIndexes())
    const bus = await service.openBus()
    const deps = settlementDeps(store, bus)
    const consumer = await bus.consume({
      groupId: `${config.kafka.groupPrefix}-settlement`,
      topics: ['check.completed.v1', 'credit.received.v1'],
      stage: 'settlement',
      ...consumerTuning(config.consumer),
      handle: async (message) => {
        if (message.topic === 'check.completed.v1') await handleCompleted(message.value, deps)
        else {
          // Dead-lettered with the reason: the tenant inside it is not vouched for by its producer.
          const unbound = unboundCreditProducer(message.value)
          if (unbound) throw new KafkaStageError('credit_producer_unbound', unbound, { retryable: false })
          await handleCredit(message.value, deps)
        }
      },
    })
    const sweeper = startSweeper(deps, config.sweeper, logger)
    service.watch(consumer)
    logger.info('settlement consuming')
    // The sweeper publishes: it stops before the bus; the store closes last.
    return [() => sweeper.stop(), bus.close, () => store.close()]
  },
})

function settlementDeps(store: Store, bus: EventBus): SettlementDeps {
  const keyRing = loadKeyRing(config.signing)
  return {
    store: store.settlements,
    erasure: storeErasureGate(store),
    profile: createPinnedProfiles(store.profiles.find),
    publish: async (event) => {
      // Signed when published, beside the change (docs/signed-records.md).
      await bus.publish('check.settlement-changed.v1', event.check_id, withSignature(keyRing, event))
      logger.info('settlement changed', {
        check_id: event.check_id,
        status: event.settlement.status,
        recommendation: event.settlement.recommendation,
      })
    },
    now: () => Date.now(),
  }
}
