export { type ConsumerReadiness, createConsumerReadiness } from './consumer-readiness'
export { consumerTuning } from './consumer-tuning'
export {
  type HealthServer,
  type HealthServerOptions,
  type Readiness,
  startHealthServer,
} from './health-server'
export { type LiveTenantsOptions, rememberLiveTenants } from './live-tenants'
export { type BusConfig, openEventBus } from './open-event-bus'
export { openHealthServer } from './open-health-server'
export { createPinnedProfiles, type FindProfile, type ProfileRef } from './pinned-profiles'
export {
  type RunningService,
  runService,
  type ServiceOptions,
  type ServiceStart,
  type Stop,
} from './run-service'
export { runStageConsumer, type StageConsumer, type StageConsumerOptions } from './run-stage-consumer'
export { traceHeaders } from './trace-headers'
