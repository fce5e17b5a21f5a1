import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { signRecord } from './record-signature'
import {
  generateSigningJwk,
  type Jwks,
  type PrivateJwk,
  type PublicJwk,
  type SigningKey,
  toPublicJwk,
  toSigningKey,
} from './signing-key'

/** Where the keys live (RECORD_SIGNING_KEY_FILE, RECORD_VERIFY_KEYS_FILE; parsed by @rv/config). */
export interface KeyFiles {
  /** The active private key as a JWK; absent: records go unsigned. */
  activeKeyFile?: string | undefined
  /**
   * More public keys to publish (retired ones, and the next one before it signs) as a JWKS; a file not
   * there yet (no rotation so far) holds none.
   */
  verifyKeysFile?: string | undefined
}

/** The service's keys: the one that signs now, and every public key that verifies. */
export interface KeyRing {
  /** Absent when no active key is configured: nothing is signed. */
  active?: SigningKey
  /** The active key's public half first, then the others; what /.well-known/jwks.json serves. */
  jwks: Jwks
  /** The detached JWS of a record, or undefined without an active key. */
  sign: (record: unknown) => string | undefined
}

/**
 * Reads the key files once (at start-up; a rotation is rolled out by restarting, docs/signed-records.md).
 *
 * @example
 * const ring = loadKeyRing({ activeKeyFile: config.signing.activeKeyFile })
 */
export function loadKeyRing(files: KeyFiles): KeyRing {
  const active = files.activeKeyFile
    ? toSigningKey(readJson(files.activeKeyFile), files.activeKeyFile)
    : undefined
  const others =
    files.verifyKeysFile && existsSync(files.verifyKeysFile) ? readJwks(files.verifyKeysFile) : []
  const keys = active ? [active.publicJwk] : []
  for (const k of others) if (!keys.some((known) => known.kid === k.kid)) keys.push(toPublicJwk(k))
  return { active, jwks: { keys }, sign: (record) => (active ? signRecord(record, active) : undefined) }
}

/** Writes a new active key at `activeKeyFile` (mode 0600) unless one is there; true when it wrote one. */
export function ensureActiveKey(activeKeyFile: string): boolean {
  if (existsSync(activeKeyFile)) return false
  writePrivateJwk(activeKeyFile, generateSigningJwk())
  return true
}

/**
 * Rotates: the active key's public half joins the verify keys file (so what it signed still verifies) and a
 * new key becomes active. Returns the new key's id.
 */
export function rotateActiveKey(files: Required<KeyFiles>): string {
  const old = toSigningKey(readJson(files.activeKeyFile), files.activeKeyFile)
  const kept = existsSync(files.verifyKeysFile) ? readJwks(files.verifyKeysFile) : []
  const keys = [old.publicJwk, ...kept.filter((k) => k.kid !== old.kid)]
  writeFileSync(`${files.verifyKeysFile}.tmp`, `${JSON.stringify({ keys }, null, 2)}\n`)
  renameSync(`${files.verifyKeysFile}.tmp`, files.verifyKeysFile)
  const next = generateSigningJwk()
  writePrivateJwk(files.activeKeyFile, next)
  return next.kid
}

function writePrivateJwk(path: string, jwk: PrivateJwk): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(`${path}.tmp`, `${JSON.stringify(jwk)}\n`, { mode: 0o600 })
  chmodSync(`${path}.tmp`, 0o600)
  renameSync(`${path}.tmp`, path)
}

function readJwks(path: string): PublicJwk[] {
  const doc = readJson(path) as Partial<Jwks>
  if (!Array.isArray(doc?.keys)) throw new Error(`${path}: not a JWKS ({"keys": [...]})`)
  return doc.keys.map((k, i) => {
    if (k?.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string' || typeof k.kid !== 'string')
      throw new Error(`${path}: key ${i} is not an Ed25519 public JWK with a kid`)
    return k
  })
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new Error(`${path}: cannot read a JSON key file (${(err as Error).message})`)
  }
}
