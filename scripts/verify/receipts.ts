/**
 * `npm run --silent verify -- <file>... [--expectation '<json>'] [--filename <name>] [--tenant <id>]
 *   [--replay-index <dir>] [--reader family|generic]`
 *
 * Verifies PDFs and images (PNG, JPEG, WebP, HEIC: read by Tesseract, scripts/install/ocr.sh) in-process (no server, no stack): prints one check record per input as ONE JSON line (the
 * POST /v1/checks field set plus `file`). Exits 0 whenever it produced records, including for forged or
 * unreadable inputs (those are records too: verdict forged, or status failed with an error block). Exits 2
 * on usage errors only. The clock and randomness live here, not in core: the check id, `created_at` and
 * `cost.latency_ms` (wall time of the in-process run) are made in this file.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import {
  defaultProfile,
  parseExpectation,
  type ReplayCandidate,
  type ReplayKeys,
  runCheckDetailed,
  toPostResponse,
} from '@rv/core'
import { readImage } from '@rv/ocr'
import type { Expectation } from '@rv/schemas'

const usage = `usage: npm run --silent verify -- <file.pdf|png|jpg|webp|heic>... [--expectation '<json>'] [--filename <original name>]
                                  [--tenant <id>] [--replay-index <dir>] [--reader family|generic]`

function usageError(message: string): never {
  process.stderr.write(`verify: ${message}\n${usage}\n`)
  process.exit(2)
}

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** `chk_` + a ULID: 10 characters of millisecond time, 16 of randomness (Crockford base32). */
function newCheckId(nowMs: number): string {
  let time = ''
  let t = nowMs
  for (let i = 0; i < 10; i++) {
    time = crockford[t % 32] + time
    t = Math.floor(t / 32)
  }
  const random = [...randomBytes(16)].map((b) => crockford[b % 32]).join('')
  return `chk_${time}${random}`
}

type Lookup = (input: { checkId: string; createdAt: string; keys: ReplayKeys }) => Promise<ReplayCandidate[]>

/** Without --replay-index, replay spans this invocation only: later inputs are compared with earlier ones. */
function inMemoryReplay(): Lookup {
  const seen: ReplayCandidate[] = []
  return async ({ checkId, createdAt, keys }) => {
    const shared = seen.filter((c) =>
      (Object.keys(keys) as (keyof ReplayKeys)[]).some((k) => keys[k] !== undefined && c.keys[k] === keys[k]),
    )
    seen.push({ checkId, createdAt, keys })
    return shared
  }
}

async function replayIndexLookup(dir: string): Promise<Lookup> {
  // The embedded index is optional: loaded only when asked for.
  const { openReplayIndex } = await import('@rv/replay-index')
  const index = openReplayIndex(dir)
  return (input) => index.register(input)
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        expectation: { type: 'string' },
        filename: { type: 'string' },
        tenant: { type: 'string' },
        'replay-index': { type: 'string' },
        reader: { type: 'string', default: 'family' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    usageError((error as Error).message)
  }
  const { values, positionals: files } = parsed
  if (values.help) {
    process.stdout.write(`${usage}\n`)
    return
  }
  if (files.length === 0) usageError('no input file')
  for (const file of files) {
    if (!existsSync(file) || !statSync(file).isFile()) usageError(`not a readable file: ${file}`)
  }
  const expectationParse = parseExpectation(values.expectation as string | undefined)
  if (!expectationParse.ok) {
    const problems = expectationParse.problems
      .map((p) => `${p.path || '(expectation)'} ${p.message}`)
      .join('; ')
    usageError(`invalid --expectation: ${problems}`)
  }
  const expectation: Expectation = expectationParse.value
  const reader = values.reader as string
  if (reader !== 'family' && reader !== 'generic') usageError(`--reader must be family or generic: ${reader}`)
  const tenantId = (values.tenant as string | undefined) ?? 'local'
  const indexDir = values['replay-index'] as string | undefined
  const replayLookup = indexDir ? await replayIndexLookup(indexDir) : inMemoryReplay()

  for (const file of files) {
    const started = performance.now()
    const now = new Date()
    const bytes = new Uint8Array(readFileSync(file))
    const filename = (values.filename as string | undefined) ?? basename(file)
    const { record } = await runCheckDetailed({
      bytes,
      filename,
      expectation,
      tenantId,
      profile: defaultProfile,
      now,
      checkId: newCheckId(now.getTime()),
      replayLookup,
      readImage: (image) => readImage(image),
      reader,
      elapsedMs: () => Math.round((performance.now() - started) * 100) / 100,
    })
    process.stdout.write(`${JSON.stringify({ file, ...toPostResponse(record) })}\n`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`verify: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})
