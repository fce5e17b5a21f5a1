/**
 * Splits the free text a salary credit prints under its title (VTB `Поступление заработной платы`) into the
 * payer organisation and the purpose. The text is one paragraph, wrapped to the page width wherever a line
 * fills up: optionally the payer's taxpayer number (ИНН, 10 or 12 digits), then the organisation — its legal
 * form in capitals (`ООО`, `АО`, `ПАО`, …, up to four words) and its quoted name — then the purpose. Only that
 * shape has a boundary a reader can trust: the closing quote. Anything else (an unquoted payer such as `ИП
 * Иванов`, nested quotes, no text after the name) is left unsplit, so both fields stay empty rather than wrong.
 */
export interface PayerText {
  /** Legal form and quoted name, as printed (the taxpayer number is an identifier, not part of the name). */
  organisation: string
  purpose: string
}

// A picture's `О` may be read as `0` (`000 "ЛУЧ"`): a legal form is letters, or zeros where `О` stands.
const legalForm = String.raw`(?:(?=[А-ЯЁA-Z0]{2,8}\s)(?:[А-ЯЁA-Z0]*[А-ЯЁA-Z][А-ЯЁA-Z0]*|000)\s+){1,4}`
const quotedName = '(?:"[^"]+"|«[^«»]+»|“[^“”]+”)'
const payerText = new RegExp(
  String.raw`^(?:\d{10}\s+|\d{12}\s+)?(${legalForm})(${quotedName})\s+(\S.*)$`,
  'u',
)
/**
 * A lone bar or underscore opening the purpose is a picture's speck or rule read as a sign (`| Аванс`): a
 * payer's text never starts its purpose with one.
 */
const strayMark = /^[|_¦]+\s+(?=\S)/u
/**
 * A lone `0` before a lowercase word is a picture's preposition `о` (`от 11.04.2024 0 зачислении`): a purpose
 * counts nothing in zeros but money, and `0 руб.` / `0 коп.` stay as printed.
 */
const zeroPreposition = /(?<=^|\s)0(?=\s+(?!руб|коп)[а-яё]{3,})/gu

export function parsePayerText(text: string): PayerText | null {
  const m = payerText.exec(text.replace(/\s+/g, ' ').trim())
  if (!m) return null
  const organisation = `${m[1]!.replace(/0/g, 'О')}${m[2]!}`.replace(/\s+/g, ' ')
  const purpose = m[3]!.replace(strayMark, '').replace(zeroPreposition, 'о')
  // A quote left open in the purpose means the name's own quotes were nested: the boundary is not the one read.
  if ((purpose.match(/"/g) ?? []).length % 2 === 1 || /^[»”]/.test(purpose)) return null
  return { organisation, purpose }
}
