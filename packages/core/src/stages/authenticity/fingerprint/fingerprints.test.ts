import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { documentFeatures } from '../features/features'
import { fingerprints } from './fingerprints'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const realRoot = join(repoRoot, '../shared/corpus/real')

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

describe('committed fingerprints', () => {
  it('exist for every family of FAMILIES.md and say where they come from', () => {
    expect(Object.keys(fingerprints).sort()).toEqual([
      'alfa',
      'gazprombank',
      'ozon',
      'pochtabank',
      'sberbank',
      'tbank',
      'vtb',
    ])
    for (const fp of Object.values(fingerprints)) {
      expect(['learned', 'FAMILIES.md']).toContain(fp.source)
      expect(fp.numeric['revisions']?.max).toBe(1)
    }
  })
})

describe.skipIf(!existsSync(realRoot))('committed fingerprints hold no personal data', () => {
  const texts = existsSync(realRoot)
    ? readdirSync(realRoot, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) => readdirSync(join(realRoot, d.name)).map((f) => join(realRoot, d.name, f)))
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => {
          const features = documentFeatures(parsePdfStructure(new Uint8Array(readFileSync(f))))
          return features.segments.map((s) => s.text.replace(/[\s\u00a0]+/g, ' ')).join('\n')
        })
    : []

  it('reads the receipts', () => {
    expect(texts.length).toBeGreaterThan(0)
  })

  it('contains no string that occurs in a real receipt, and no token of a receipt', () => {
    let leaks = 0
    for (const [family, fp] of Object.entries(fingerprints)) {
      // The family id and provenance notes are fixed vocabulary (the GPB footer prints «gazprombank.ru»).
      const { family: _id, source: _source, notes: _notes, ...learned } = fp
      const json = JSON.stringify(learned)
      const values = strings(learned).filter((s) => s.length >= 4)
      for (const text of texts) {
        leaks += values.filter((v) => text.includes(v)).length
        const tokens = text.split(/[\s\n]+/).filter((t) => t.length >= 6)
        leaks += tokens.filter((t) => json.includes(t)).length
      }
      // The count only: printing the strings would copy receipt content into the test log.
      expect(leaks, `fingerprint ${family}`).toBe(0)
    }
  })
})
