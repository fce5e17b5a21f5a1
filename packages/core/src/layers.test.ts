/**
 * Core's folders as layers (issue 28; docs/house-layout.md): vocabulary → readers → domain stages → pipeline.
 * Every import of a non-test file points down a layer or sideways, never up; no two units import each other
 * round a circle; nothing but tests imports the test builders. There is no list of exceptions: a new upward
 * import or a new circle fails here.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  classifySpecifier,
  findCycle,
  listSourceFiles,
  readImports,
  relativePath,
  resolveRelative,
} from '../test/import-graph'

const sourceRoot = dirname(fileURLToPath(import.meta.url))

/**
 * The order, bottom first. A unit is a folder of src/: `vocabulary`, each reader (`readers/pdf`…), each domain
 * stage (`stages/match`…; authenticity's parts — features, fingerprint, calibration, judging, learning, image —
 * are units of their own), the `pipeline` and `.` (`src/index.ts`, core's face). `testing` holds the builders
 * tests share; it may import anything, and nothing but tests imports it.
 */
const layers: Array<{ layer: string; units: string[] }> = [
  { layer: 'vocabulary', units: ['vocabulary'] },
  { layer: 'readers', units: ['readers/pdf', 'readers/image', 'readers/ocr'] },
  {
    layer: 'domain stages',
    units: [
      'stages/families',
      'stages/extraction',
      'stages/authenticity',
      'stages/authenticity/features',
      'stages/authenticity/fingerprint',
      'stages/authenticity/calibration',
      'stages/authenticity/judging',
      'stages/authenticity/learning',
      'stages/authenticity/image',
      'stages/match',
      'stages/replay',
      'stages/settlement',
      'stages/decision',
      'stages/aggregate',
      'stages/cost',
      'stages/retention',
      'stages/review',
      'stages/webhooks',
    ],
  },
  { layer: 'pipeline', units: ['pipeline', '.'] },
  { layer: 'test builders', units: ['testing'] },
]

/** The unit a file of src/ belongs to: its first folder; two for readers and stages, three inside authenticity. */
function unitOf(path: string): string {
  const parts = path.split('/').slice(0, -1)
  if (parts.length === 0) return '.'
  const depth = parts[0] === 'readers' || parts[0] === 'stages' ? (parts[1] === 'authenticity' ? 3 : 2) : 1
  return parts.slice(0, depth).join('/')
}
const rank = new Map(layers.flatMap(({ units }, index) => units.map((u) => [u, index] as const)))

/** Every import between two files of core's src/ (tests excluded), as paths under src/. */
const fileEdges = readImports(listSourceFiles(sourceRoot))
  .filter((site) => classifySpecifier(site.specifier).kind === 'relative')
  .map((site) => ({
    from: relativePath(sourceRoot, site.from),
    to: relativePath(sourceRoot, resolveRelative(site.from, site.specifier)),
  }))

const upward = [
  ...new Set(
    fileEdges
      .filter(({ from, to }) => (rank.get(unitOf(from)) ?? 0) < (rank.get(unitOf(to)) ?? 0))
      .map(({ from, to }) => `${from} → ${to}`),
  ),
].sort()

const unitEdges = [
  ...new Set(
    fileEdges
      .filter(({ from, to }) => unitOf(from) !== unitOf(to))
      .map(({ from, to }) => `${unitOf(from)} → ${unitOf(to)}`),
  ),
].sort()

describe('core layers (vocabulary → readers → domain stages → pipeline)', () => {
  it('places every folder of src/ in one layer', () => {
    const units = new Set(listSourceFiles(sourceRoot).map((f) => unitOf(relativePath(sourceRoot, f))))
    expect([...units].filter((u) => !rank.has(u))).toEqual([])
    expect(rank.size).toBe(layers.flatMap((l) => l.units).length)
  })

  it('has no import that runs up a layer', () => {
    expect(upward).toEqual([])
  })

  it('has no circle between units', () => {
    expect(
      findCycle(unitEdges.map((edge) => edge.split(' → ') as [string, string]))?.join(' → '),
    ).toBeUndefined()
  })

  it('keeps the test builders out of production code', () => {
    const intoTesting = fileEdges.filter(
      ({ from, to }) => unitOf(to) === 'testing' && unitOf(from) !== 'testing',
    )
    expect(intoTesting.map(({ from, to }) => `${from} → ${to}`)).toEqual([])
  })

  it('reads a real graph, sorts files into units, and finds a circle where there is one', () => {
    expect(unitEdges.length).toBeGreaterThan(20)
    expect(unitOf('index.ts')).toBe('.')
    expect(unitOf('vocabulary/text/normalize-text.ts')).toBe('vocabulary')
    expect(unitOf('stages/authenticity/judging/assess.ts')).toBe('stages/authenticity/judging')
    expect(unitOf('stages/authenticity/index.ts')).toBe('stages/authenticity')
    expect(unitOf('readers/pdf/structure/pages.ts')).toBe('readers/pdf')
    expect(
      findCycle([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'b'],
      ]),
    ).toEqual(['b', 'c', 'b'])
    expect(
      findCycle([
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'c'],
      ]),
    ).toBeUndefined()
  })
})
