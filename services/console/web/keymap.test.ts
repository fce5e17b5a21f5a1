import { describe, expect, it } from 'vitest'
import { actionForKey, keymap } from './keymap'

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
})

describe('keymap', () => {
  it('gives every key one action and every action one key (the help overlay is generated from it)', () => {
    expect(new Set(keymap.map((k) => k.key)).size).toBe(keymap.length)
    expect(new Set(keymap.map((k) => k.action)).size).toBe(keymap.length)
  })

  it('maps each listed key to its action', () => {
    for (const entry of keymap.filter((k) => k.key !== '1-9'))
      expect(actionForKey(press(entry.key), false)).toEqual({ action: entry.action })
  })

  it('reads a digit as the reason it picks', () => {
    expect(actionForKey(press('3'), false)).toEqual({ action: 'reason', digit: 3 })
    expect(actionForKey(press('0'), false)).toBeUndefined()
  })

  it('does nothing while typing, with a modifier held, or for an unlisted key', () => {
    expect(actionForKey(press('g'), true)).toBeUndefined()
    expect(actionForKey(press('f', { ctrlKey: true }), false)).toBeUndefined()
    expect(actionForKey(press('j', { metaKey: true }), false)).toBeUndefined()
    expect(actionForKey(press('e', { altKey: true }), false)).toBeUndefined()
    expect(actionForKey(press('x'), false)).toBeUndefined()
  })
})
