/**
 * The four verification stages, in the order a check's record lists them. One list: the aggregator waits for
 * these, the store keeps one result slot per name, the configuration and the load bench name a service after each.
 */
export const stageNames = ['extraction', 'authenticity', 'matching', 'replay'] as const
export type StageName = (typeof stageNames)[number]
