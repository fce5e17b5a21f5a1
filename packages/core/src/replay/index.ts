export {
  type DeriveReplayKeysInput,
  deriveReplayKeys,
  digestSha256Hex,
  type ReplayScope,
} from './derive-replay-keys'
export { judgeReplay, type ReplayCandidateInput, type ReplayReason, replayReasons } from './judge-replay'
export { contentValue, operationIdValue, semanticValue } from './normalize-replay-values'
