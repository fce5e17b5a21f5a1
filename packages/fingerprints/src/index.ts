export * from './fingerprint-cache'
export * from './learn-family'
export * from './learn-operation'
export * from './screen-samples'
