import { describe, expect, it } from 'vitest'
import { oneScript, scriptOf, toScript } from './letter-scripts'

describe('letter scripts', () => {
  it('decides a script only by letters that have no twin in the other', () => {
    expect(scriptOf('Роман')).toBe('cyrillic')
    expect(scriptOf('Saidov')).toBe('latin')
    expect(scriptOf('А. В.')).toBeNull()
    expect(scriptOf('ООО')).toBeNull()
  })

  it('puts twins in a script and leaves other letters as they are', () => {
    expect(toScript('Poман', 'cyrillic')).toBe('Роман')
    expect(toScript('А. В.', 'latin')).toBe('A. B.')
    expect(toScript('Жук', 'latin')).toBe('Жyк') // only the twin у changes
  })

  it('keeps a run in one script when one script decides and the other has nothing of its own', () => {
    expect(oneScript('А. Z.')).toBe('A. Z.')
    expect(oneScript('Озон Банк (Ozon)')).toBe('Озон Банк (Ozon)')
    expect(oneScript('Е. С.')).toBe('Е. С.')
  })
})
