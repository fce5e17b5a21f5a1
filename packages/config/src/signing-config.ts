import type { EnvReader } from './env-reader'
import type { DeploymentEnv } from './production-guard'

/** The record-signing keys (docs/signed-records.md); the files are read by @rv/signing's `loadKeyRing`. */
export interface SigningConfig {
  /** The active Ed25519 private key as a JWK with a `kid`; absent: records go unsigned. */
  activeKeyFile: string | undefined
  /** A JWKS of more public keys to publish: retired keys, and the next key before it becomes active. */
  verifyKeysFile: string | undefined
}

export function readSigning(r: EnvReader): SigningConfig {
  return {
    activeKeyFile: r.optionalString('RECORD_SIGNING_KEY_FILE', {
      doc: 'Path of the active Ed25519 private JWK that signs check records (unset: records go unsigned)',
    }),
    verifyKeysFile: r.optionalString('RECORD_VERIFY_KEYS_FILE', {
      doc: 'Path of a JWKS of retired (and upcoming) public keys also served at /.well-known/jwks.json',
    }),
  }
}

/** Production signs every record: a service that signs refuses to start there without its key. */
export function checkProductionSigning(r: EnvReader, env: DeploymentEnv, signing: SigningConfig): void {
  if (env === 'production' && !signing.activeKeyFile)
    r.problem('RV_ENV=production requires RECORD_SIGNING_KEY_FILE (records must be signed)')
}
