export * from './canonical-json'
export * from './decision-reasons'
export * from './evidence-boxes'
export * from './explain-check'
