export * from './compute-model-cost'
export * from './model-prices'
