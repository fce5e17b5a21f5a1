/**
 * `@rv/core/vocabulary`: the bottom layer — what every stage, reader and service shares: error codes, stage
 * contracts, the record's field names, statuses and empty blocks, the document model readers produce, the family
 * tables' types, text normalisation and time. Imports nothing of core above it.
 */
export * from './api-projection'
export * from './check-status'
export * from './empty-blocks'
export * from './error-codes'
export * from './example-record'
export type * from './family-definition'
export * from './field-names'
export * from './pdf-model'
export type * from './stage-contracts'
export * from './stage-names'
export * from './text/decode-sbp-id'
export * from './text/month-names'
export * from './text/normalize-text'
export * from './text/text-lines'
export * from './time/moscow-time'
export * from './time/transfer-timing'
