/** What a forgery technique takes and gives back. */

export interface ForgeryInput {
  bytes: Uint8Array
  /** Bank family id (vtb, alfa, tbank, gazprombank, ozon). */
  family: string
  filename: string
}

export interface ForgeryContext {
  /** A scratch folder for external tools (created and deleted by the caller). */
  tmpDir: string
  /** A second genuine receipt of the same family, for recombination. */
  partner?: ForgeryInput
  /** Other genuine receipts of the family, a kit's library of glyphs (font_enrich); else the partner. */
  donors?: readonly ForgeryInput[]
  /**
   * Deflater for rewritten content streams: `node` (Node's zlib, a Chromium fork, as Node/Electron editors
   * write) or `classic` (classic zlib, byte-compatible with the banks' Java generators). Default `node`.
   */
  deflater?: 'node' | 'classic'
}

export type ForgeryResult =
  | { ok: true; bytes: Uint8Array; filename: string; note: string }
  | { ok: false; skipped: string }

export interface Technique {
  id: string
  label: string
  /** External program the technique needs, if any (reported as skipped when missing). */
  tool?: string
  apply(input: ForgeryInput, context: ForgeryContext): Promise<ForgeryResult>
}

export function skipped(reason: string): ForgeryResult {
  return { ok: false, skipped: reason }
}
