import { describe, expect, it } from 'vitest'
import { decodeStatementText } from './decode-statement-text'
import { encodeWindows1251 } from './write-1c-statement'

/** cp866 (DOS) bytes of ASCII and Cyrillic text. */
function cp866(text: string): Uint8Array {
  return Uint8Array.from([...text], (ch) => {
    const c = ch.charCodeAt(0)
    if (c < 0x80) return c
    if (c >= 0x410 && c <= 0x43f) return c - 0x410 + 0x80
    if (c >= 0x440 && c <= 0x44f) return c - 0x440 + 0xe0
    throw new Error(`not in the test's cp866: ${ch}`)
  })
}

const file = (encoding: string) =>
  `1CClientBankExchange\r\nКодировка=${encoding}\r\nПлательщик=Пётр Сергеевич\r\nКонецФайла\r\n`.replace(
    'ё',
    'е',
  )

describe('decodeStatementText', () => {
  it('reads a DOS file whose header is written in cp866, as a DOS file writes it', () => {
    expect(decodeStatementText(cp866(file('DOS')))).toBe(file('DOS'))
  })

  it('reads a windows-1251 file, declared or not', () => {
    expect(decodeStatementText(encodeWindows1251(file('Windows')))).toBe(file('Windows'))
    expect(decodeStatementText(encodeWindows1251('Плательщик=Петр'))).toBe('Плательщик=Петр')
  })

  it('takes valid UTF-8 as UTF-8', () => {
    expect(decodeStatementText(new TextEncoder().encode(file('UTF-8')))).toBe(file('UTF-8'))
  })
})
