/**
 * The reader meets something it does not reproduce exactly (a font kind, an operator use, a form with text):
 * it stops and says why, and `parsePdf` reads the file with pdf.js instead. Never a guess.
 */
export class UnsupportedText extends Error {
  constructor(readonly reason: string) {
    super(`text layer not read from the structure: ${reason}`)
    this.name = 'UnsupportedText'
  }
}

export function unsupported(reason: string): never {
  throw new UnsupportedText(reason)
}
