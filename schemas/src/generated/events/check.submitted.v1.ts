/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { Expectation } from '../expectation'

/**
 * Value of topic check.submitted.v1 (gateway -> extraction): a check was accepted and its file stored. Key: the check id.
 */
export interface CheckSubmittedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  created_at: string
  file: StoredFile
  expectation: Expectation
  profile: ProfileRef
  mode: 'pdf' | 'image'
}
/**
 * Where the uploaded file is stored; stages read it from there.
 */
export interface StoredFile {
  bucket: string
  key: string
  /**
   * Lower-case hex SHA-256 of the file bytes.
   */
  sha256: string
  /**
   * File size in bytes.
   */
  size: number
  content_type: string
  /**
   * The file name the client sent, when it sent one.
   */
  filename?: string
}
/**
 * The decision profile the check is judged with, pinned at submission.
 */
export interface ProfileRef {
  name: string
  version: number
}
