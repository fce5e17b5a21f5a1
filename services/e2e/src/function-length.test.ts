/**
 * "Functions a reader can hold" (issue 28; ARCHITECTURE.md, "Rules the code keeps"): no function of the
 * repository's TypeScript (tests and generated code left out) is longer than 80 lines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { functionsLongerThan } from '../../../packages/core/test/function-lengths'
import { listSourceFiles, relativePath } from '../../../packages/core/test/import-graph'
import { repoRoot } from './start-services'

const limit = 80

const roots = ['schemas', 'scripts', 'packages', 'services'].flatMap((top) =>
  existsSync(join(repoRoot, top, 'package.json'))
    ? [top]
    : readdirSync(join(repoRoot, top))
        .map((name) => `${top}/${name}`)
        .filter((path) => existsSync(join(repoRoot, path, 'package.json'))),
)

describe('function length', () => {
  it(`has no function over ${limit} lines outside tests and generated code`, () => {
    const long = roots.flatMap((root) =>
      listSourceFiles(join(repoRoot, root)).flatMap((file) =>
        functionsLongerThan(file, readFileSync(file, 'utf8'), limit).map(
          (f) => `${relativePath(repoRoot, file)}:${f.line} ${f.name} (${f.lines} lines)`,
        ),
      ),
    )
    expect(long).toEqual([])
    // A parse of every source file of the repository: 2–3 s alone, past vitest's 10 s beside the gate's
    // other tasks on two cores.
  }, 60_000)

  it('measures a function with its nested closures, and names it', () => {
    const body = Array.from({ length: 81 }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const text = `export function makeThing() {\n  return () => {\n${body}\n  }\n}\nconst short = () => 1\n`
    expect(functionsLongerThan('x.ts', text, limit)).toEqual([
      { name: 'makeThing', line: 1, lines: 85 },
      { name: '(anonymous)', line: 2, lines: 83 },
    ])
  })
})
