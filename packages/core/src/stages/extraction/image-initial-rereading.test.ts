import { describe, expect, it } from 'vitest'
import type { OcrWord } from '../../readers/ocr/ocr-page'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import {
  type InitialRereading,
  initialReadingText,
  initialsToReread,
  overturningLetter,
} from './image-initial-rereading'

// A VTB outgoing SBP receipt's shape (FAMILIES.md), fake values.
const vtb = (recipient: string) => vtbOutgoingModel({ recipient, amount: '1 050 ₽' })

/** The page as the mixed rus+eng model read it, with `rewrite` for the words it got wrong. */
function readAs(recipient: string, rewrite: Record<string, string> = {}) {
  const page = runsToOcrPage(vtb(recipient), {
    rewrite: (w) => (rewrite[w] ? { text: rewrite[w], confidence: 0.92 } : w),
  })
  return { page, result: extractImageReceipt(page) }
}

/** The recipient's initials only (the model's sender has a name too). */
const recipientInitials = (recipient: string, rewrite?: Record<string, string>) => {
  const { page, result } = readAs(recipient, rewrite)
  return initialsToReread(page, result).filter((i) => i.field === 'recipient_name')
}

function read(text: string, confidence: number): OcrWord[] {
  return [{ text, confidence, left: 0, top: 0, width: 10, height: 10, block: 20_000, paragraph: 1, line: 1 }]
}

describe('initialsToReread', () => {
  it("asks for a Latin name's initial with the English model and Latin capitals, even when read surely", () => {
    const { result } = readAs('Karimov D.', { 'D.': 'О.' })
    expect(result.fields.recipient_name).toBe('Karimov O.')
    expect(result.fields.confidence.recipient_name).toBeGreaterThanOrEqual(0.9)
    const [initial, ...others] = recipientInitials('Karimov D.', { 'D.': 'О.' })
    expect(others).toEqual([])
    expect(initial).toMatchObject({ field: 'recipient_name', script: 'latin', word: { text: 'О.' } })
    // The English model, Latin capitals only, at two scales.
    expect(initial!.passes.map((p) => [p.languages, p.upscale])).toEqual([
      ['eng', 2],
      ['eng', 4],
    ])
    for (const pass of initial!.passes) expect(pass.whitelist).toMatch(/^[A-Z]+\.$/)
  })

  it("asks for a Cyrillic name's initials with the Russian model and Cyrillic capitals", () => {
    const initials = recipientInitials('Олег Петрович Э.', { 'Э.': '3.' })
    expect(initials.map((i) => [i.word.text, i.script, i.passes[0]!.languages])).toEqual([
      ['3.', 'cyrillic', 'rus'],
    ])
    expect(initials[0]!.passes[0]!.whitelist).toContain('Э')
    expect(initials[0]!.passes[0]!.whitelist).not.toContain('3')
  })

  it("asks for the sender's initials too", () => {
    const { page, result } = readAs('Karimov D.')
    expect(initialsToReread(page, result).some((i) => i.field === 'sender_name')).toBe(true)
  })

  it('asks for every initial of a masked name, one read as a lower-case letter with its point too', () => {
    expect(recipientInitials('Пол****а М. А.').map((i) => i.word.text)).toEqual(['М.', 'А.'])
    expect(recipientInitials('Куз****в М. П.', { 'П.': 'n.' }).map((i) => i.word.text)).toEqual(['М.', 'n.'])
  })

  it('asks for nothing when no word of the name decides its script, or it has no lone initial', () => {
    for (const name of ['L. Z.', 'Е. С.', 'ООО "Ромашка"']) {
      expect(recipientInitials(name)).toEqual([])
    }
  })
})

describe('initialReadingText', () => {
  const initial = (text: string, script: InitialRereading['script']): InitialRereading => ({
    field: 'recipient_name',
    word: read(text, 0.92)[0]!,
    script,
    passes: [2, 4].map((upscale) => ({ languages: script === 'latin' ? 'eng' : 'rus', upscale })),
  })
  /** Both passes read the same. */
  const both = (text: string, confidence: number) => [read(text, confidence), read(text, confidence)]

  it("puts the script model's letter in place of the mixed model's, keeping the first reading's point", () => {
    expect(initialReadingText(initial('О.', 'latin'), both('D.', 0.87))).toBe('D.')
    expect(initialReadingText(initial('3.', 'cyrillic'), both('Э.', 0.62))).toBe('Э.')
    // Alfa prints a payee's last initial without a point: none is added.
    expect(initialReadingText(initial('З', 'cyrillic'), both('Э', 0.72))).toBe('Э')
    expect(initialReadingText(initial('n.', 'cyrillic'), both('П.', 0.8))).toBe('П.')
  })

  it('keeps the first reading when the re-reading agrees with it (twins folded)', () => {
    expect(initialReadingText(initial('В.', 'latin'), both('B.', 0.9))).toBeNull()
    expect(initialReadingText(initial('M.', 'cyrillic'), both('М.', 0.9))).toBeNull()
  })

  it('keeps the first reading when the two scales disagree, or one of them is missing', () => {
    expect(initialReadingText(initial('О.', 'latin'), [read('D.', 0.87), read('O.', 0.9)])).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), [read('D.', 0.87), read('B.', 0.9)])).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), [read('D.', 0.87)])).toBeNull()
  })

  it('keeps the first reading when the re-reading is unsure, empty or not one capital of the script', () => {
    expect(initialReadingText(initial('О.', 'latin'), both('D.', 0.4))).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), [read('D.', 0.9), read('D.', 0.45)])).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), [[], []])).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), both('DO.', 0.9))).toBeNull()
    expect(initialReadingText(initial('О.', 'latin'), both('Д.', 0.9))).toBeNull()
  })
})

describe('overturningLetter (whether the next pass is needed)', () => {
  const initial: InitialRereading = {
    field: 'recipient_name',
    word: read('О.', 0.92)[0]!,
    script: 'latin',
    passes: [2, 4].map((upscale) => ({ languages: 'eng', upscale })),
  }

  it('names the letter a pass read that differs from the first reading', () => {
    expect(overturningLetter(initial, read('D.', 0.87))).toBe('D')
  })

  it('is null for an agreeing, unsure or shapeless reading', () => {
    expect(overturningLetter(initial, read('O.', 0.9))).toBeNull()
    expect(overturningLetter(initial, read('D.', 0.3))).toBeNull()
    expect(overturningLetter(initial, read('DO', 0.9))).toBeNull()
    expect(overturningLetter(initial, [])).toBeNull()
  })
})
