/**
 * Statement bytes to text. 1C exchange files are windows-1251 by convention (`Кодировка=Windows`), DOS
 * ones cp866 (`Кодировка=DOS`); many banks now export UTF-8. Valid UTF-8 (a BOM, or bytes that decode
 * strictly) is taken as UTF-8; anything else is decoded as the file's declared 8-bit code page, windows-1251
 * when it declares none. Cyrillic in windows-1251 is practically never valid UTF-8, so the order is safe.
 */
import { StatementError } from './statement-error'

export function decodeStatementText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new StatementError('statement_empty', 0, 'the file is empty')
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    // Not UTF-8: the header lines are ASCII in every 8-bit code page, so read them in latin1 first.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048))
    // `Кодировка=` read in latin1, as windows-1251 bytes or as cp866 bytes: a DOS file writes its own
    // header in cp866 (found by `npm run fuzz`: looking for the windows-1251 spelling only, every real
    // cp866 file was read as windows-1251 and refused).
    const declared = /(?:\xca\xee\xe4\xe8\xf0\xee\xe2\xea\xe0|\x8a\xae\xa4\xa8\xe0\xae\xa2\xaa\xa0)=(\S+)/
      .exec(head)?.[1]
      ?.toUpperCase()
    const label = declared === 'DOS' ? 'ibm866' : 'windows-1251'
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes)
    } catch {
      throw new StatementError('statement_encoding', 0, `the file is neither UTF-8 nor ${label}`)
    }
  }
}
