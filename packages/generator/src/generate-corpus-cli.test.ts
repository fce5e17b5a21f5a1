import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generatorFamilies } from './index'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

describe('scripts/corpus/generate.ts', () => {
  it('writes every variant as <bank>/<name>.pdf with <name>.truth.json beside it', () => {
    const out = mkdtempSync(join(tmpdir(), 'rv-corpus-'))
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'scripts', 'corpus', 'generate.ts'),
        '--out',
        out,
        '--per-variant',
        '2',
        '--seed',
        'cli',
      ],
      { cwd: repoRoot, stdio: 'pipe' },
    )
    const seen: string[] = []
    for (const bank of readdirSync(out)) {
      const files = readdirSync(join(out, bank))
      const pdfs = files.filter((f) => f.endsWith('.pdf'))
      expect(files.length).toBe(pdfs.length * 2)
      for (const pdf of pdfs) {
        const truth = JSON.parse(readFileSync(join(out, bank, pdf.replace(/\.pdf$/, '.truth.json')), 'utf8'))
        expect(truth.filename).toBe(pdf)
        expect(
          readFileSync(join(out, bank, pdf))
            .subarray(0, 5)
            .toString('latin1'),
        ).toBe('%PDF-')
        seen.push(truth.family)
      }
    }
    expect(seen.length).toBe(generatorFamilies.length * 2)
    expect(new Set(seen)).toEqual(new Set(generatorFamilies))
  })
})
