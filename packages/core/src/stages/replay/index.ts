export {
  crossTenantReplayKinds,
  type DeriveReplayKeysInput,
  deriveReplayKeys,
  digestSha256Hex,
  normalizedTextDigest,
  type ReplayExtraction,
  type ReplayScope,
  toReplayExtraction,
} from './derive-replay-keys'
export { asForeignCandidate } from './foreign-candidates'
export { judgeReplay, type ReplayCandidateInput, type ReplayReason, replayReasons } from './judge-replay'
export { collapseText, operationIdValue, semanticValue } from './normalize-replay-values'
