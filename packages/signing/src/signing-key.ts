import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto'

/** An Ed25519 public key as a JWK (RFC 8037), as published at /.well-known/jwks.json. */
export interface PublicJwk {
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
  kid: string
  alg: 'EdDSA'
  use: 'sig'
}

/** The private form kept in the active key's file: the public members plus `d`. Never leaves the service. */
export interface PrivateJwk extends PublicJwk {
  d: string
}

export interface Jwks {
  keys: PublicJwk[]
}

/** A key able to sign: its id, the private key and the public JWK that verifies it. */
export interface SigningKey {
  kid: string
  privateKey: KeyObject
  publicJwk: PublicJwk
}

/**
 * A new Ed25519 key as a private JWK whose `kid` is its RFC 7638 thumbprint (so a key's id never collides
 * with another key's and anyone can recompute it from the public key).
 *
 * @example
 * writeFileSync('active.jwk.json', JSON.stringify(generateSigningJwk()))
 */
export function generateSigningJwk(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; d: string }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid: thumbprint(jwk.x), alg: 'EdDSA', use: 'sig' }
}

/** RFC 7638 thumbprint of an Ed25519 public key: SHA-256 of its required members in lexical order. */
export function thumbprint(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url')
}

/** The signing key a private JWK describes; throws when it is not an Ed25519 private key with a `kid`. */
export function toSigningKey(jwk: unknown, where = 'signing key'): SigningKey {
  const k = jwk as Partial<PrivateJwk>
  if (k?.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.d !== 'string' || typeof k.x !== 'string')
    throw new Error(`${where}: not an Ed25519 private JWK (kty OKP, crv Ed25519, d, x)`)
  if (typeof k.kid !== 'string' || k.kid === '') throw new Error(`${where}: the JWK has no kid`)
  const privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: k.d, x: k.x }, format: 'jwk' })
  const derivedX = (createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string }).x
  if (derivedX !== k.x) throw new Error(`${where}: x is not the public key of d`)
  return { kid: k.kid, privateKey, publicJwk: toPublicJwk(k as PrivateJwk) }
}

/** The public members of a JWK only: what may be published. */
export function toPublicJwk(jwk: PublicJwk): PublicJwk {
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: jwk.kid, alg: 'EdDSA', use: 'sig' }
}
