export * from './check/error-codes'
export type * from './check/stage-contracts'
export * from './pdf/pdf-model'
