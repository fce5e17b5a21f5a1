export * from './address-policy'
export * from './webhook-event'
export * from './webhook-schedule'
export * from './webhook-signature'
