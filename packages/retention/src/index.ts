export * from './erasure'
export * from './erasure-registry'
export * from './store-participants'
export * from './sweep-retention'
