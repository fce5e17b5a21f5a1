export * from './api-client'
export * from './e2e-environment'
export * from './start-services'
