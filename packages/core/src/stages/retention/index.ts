export * from './hours-to-erase'
