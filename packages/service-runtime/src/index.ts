export { type BusConfig, openEventBus } from './open-event-bus'
export { runStageConsumer, type StageConsumerOptions } from './run-stage-consumer'
export { traceHeaders } from './trace-headers'
