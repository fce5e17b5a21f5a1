export { type LockOptions, withFileLock } from './file-lock'
export { openReplayIndex, type ReplayIndex } from './replay-index'
