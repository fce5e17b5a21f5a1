export * from './e2e-environment'
export * from './start-services'
