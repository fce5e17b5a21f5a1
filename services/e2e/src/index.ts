export * from './start-services'
