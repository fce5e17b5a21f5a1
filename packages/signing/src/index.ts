export * from './key-ring'
export * from './record-signature'
export * from './signing-key'
export * from './verify-record-command'
