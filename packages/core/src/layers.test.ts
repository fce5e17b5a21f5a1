/**
 * Core's folders as layers (issue 28; the plan in docs/house-layout.md): each folder's imports should point
 * down or sideways, never up, and no folders should import each other round a circle. Today's exceptions are
 * written out below as known debt; the test fails when a new one appears, and prints the debt still owed, so
 * the redraw of core can empty the lists (and must keep them empty).
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

/** The intended order, bottom first. `.` is `src/index.ts`, core's face, which composes every layer. */
const layers: Array<{ layer: string; folders: string[] }> = [
  { layer: 'vocabulary', folders: ['check', 'timing'] },
  { layer: 'readers', folders: ['pdf', 'image', 'ocr'] },
  {
    layer: 'domain stages',
    folders: [
      'families',
      'extraction',
      'authenticity',
      'match',
      'replay',
      'settlement',
      'decision',
      'aggregate',
      'cost',
      'retention',
      'review',
      'webhooks',
    ],
  },
  { layer: 'pipeline', folders: ['.'] },
]

/**
 * Imports that run up a layer today (importer → imported, paths under src/). `check/` holds the vocabulary
 * (error codes, stage contracts) and the pipeline (`run-check.ts`) in one folder; `ocr/` borrows text
 * helpers from `extraction/`. Remove an entry when its import is gone; never add one.
 */
const knownUpward = [
  'check/run-check.ts → aggregate/empty-blocks.ts',
  'check/run-check.ts → authenticity/image/assess-image.ts',
  'check/run-check.ts → authenticity/index.ts',
  'check/run-check.ts → decision/index.ts',
  'check/run-check.ts → extraction/extract-image-receipt.ts',
  'check/run-check.ts → extraction/index.ts',
  'check/run-check.ts → image/index.ts',
  'check/run-check.ts → match/index.ts',
  'check/run-check.ts → ocr/ocr-page.ts',
  'check/run-check.ts → pdf/parse-pdf.ts',
  'check/run-check.ts → pdf/pdf-model.ts',
  'check/run-check.ts → replay/index.ts',
  'check/stage-contracts.ts → authenticity/template-drift.ts',
  'check/stage-contracts.ts → pdf/pdf-model.ts',
  'ocr/repair-sbp-id.ts → extraction/decode-sbp-id.ts',
  'ocr/snap-labels.ts → extraction/normalize-text.ts',
  'ocr/snap-labels.ts → families/family-definition.ts',
]

/**
 * Folder imports that close today's circles (importer → imported). Without them the folder graph has no
 * circle; a circle that needs none of them is new and fails. `families/` ↔ `extraction/` is sideways (one
 * layer) but still a circle: families borrow `normalize-text` and `text-lines` from extraction.
 */
const knownCircleEdges = [
  'check → aggregate',
  'check → authenticity',
  'check → decision',
  'check → extraction',
  'check → image',
  'check → match',
  'check → ocr',
  'check → pdf',
  'check → replay',
  'families → extraction',
  'ocr → extraction',
  'ocr → families',
]

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '.')
const rank = new Map(layers.flatMap(({ folders }, index) => folders.map((f) => [f, index] as const)))

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
      .filter(({ from, to }) => (rank.get(folderOf(from)) ?? 0) < (rank.get(folderOf(to)) ?? 0))
      .map(({ from, to }) => `${from} → ${to}`),
  ),
].sort()

const folderEdges = [
  ...new Set(
    fileEdges
      .filter(({ from, to }) => folderOf(from) !== folderOf(to))
      .map(({ from, to }) => `${folderOf(from)} → ${folderOf(to)}`),
  ),
].sort()

describe('core layers (vocabulary → readers → domain stages → pipeline)', () => {
  it('places every folder of src/ in one layer', () => {
    const folders = new Set(listSourceFiles(sourceRoot).map((f) => folderOf(relativePath(sourceRoot, f))))
    expect([...folders].filter((f) => !rank.has(f))).toEqual([])
    expect(new Set(layers.flatMap((l) => l.folders)).size).toBe(layers.flatMap((l) => l.folders).length)
  })

  it('adds no import that runs up a layer (known debt listed in knownUpward)', () => {
    console.info(`core's upward imports (${upward.length}):\n  ${upward.join('\n  ')}`)
    const paid = knownUpward.filter((entry) => !upward.includes(entry))
    if (paid.length > 0) console.info(`paid off, remove from knownUpward:\n  ${paid.join('\n  ')}`)
    expect(upward.filter((entry) => !knownUpward.includes(entry))).toEqual([])
    expect(upward.length).toBeLessThanOrEqual(knownUpward.length)
  })

  it('has no circle between folders beyond the known ones (knownCircleEdges)', () => {
    const edges = folderEdges
      .filter((edge) => !knownCircleEdges.includes(edge))
      .map((edge) => edge.split(' → ') as [string, string])
    expect(findCycle(edges)?.join(' → ')).toBeUndefined()
  })

  it('reads a real graph, and finds a circle where there is one', () => {
    expect(folderEdges.length).toBeGreaterThan(20)
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
