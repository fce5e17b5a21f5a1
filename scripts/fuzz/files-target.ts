/**
 * The files target of `npm run fuzz`: mutated PDFs and pictures of generated receipts (scripts/fuzz/mutate.ts)
 * and malformed check uploads (scripts/fuzz/hostile-requests.ts) through the whole pipeline; besides 5xx and
 * memory it fails on an accepted check not terminal by the deadline or not announced on check.completed.v1.
 */
import { isTerminal } from '@rv/core/vocabulary'
import { generateReceipt, generatorFamilies, renderReceiptImage } from '@rv/generator'
import { createBacklog } from './backlog'
import { hostileRequest } from './hostile-requests'
import { mutate, Prng } from './mutate'
import { runStorm, sendAndRecord } from './run-storm'
import { watchMemory } from './service-memory'
import { AnswerTally, type TargetResult } from './storm-report'
import type { TargetContext } from './target-context'

export interface FilesOptions {
  count: number
  boundMb: number
  maxBacklog: number
  settleSeconds: number
}

const table = (rows: Map<string, number>) =>
  [...rows.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`)
    .join('\n')

/** The files every input mutates: a PDF of every family, and a few pictures (PNG, JPEG) of them. */
interface BaseFiles {
  pdfs: Uint8Array[]
  images: Uint8Array[]
  /** The first PDF as text, for the malformed requests' file parts. */
  pdfText: string
}

/** What sending one input needs, and where accepted checks go. */
interface FilesRun {
  ctx: TargetContext
  files: BaseFiles
  tally: AnswerTally
  accepted: string[]
  backlog: ReturnType<typeof createBacklog>
}

export async function runFilesTarget(ctx: TargetContext, options: FilesOptions): Promise<TargetResult> {
  const { bench } = ctx
  const files = await baseFiles(ctx.seed)
  const memory = watchMemory(ctx.services())
  const run: FilesRun = {
    ctx,
    files,
    tally: new AnswerTally(),
    accepted: [],
    backlog: createBacklog(options.maxBacklog, (id) => bench.watcher.completions.has(id)),
  }
  const started = Date.now()
  const sent = await runStorm(options.count, ctx.concurrency, ctx.deadlineAt, (i) => sendInput(run, i))
  const seconds = (Date.now() - started) / 1000
  process.stdout.write(
    `files: sent ${sent} in ${seconds.toFixed(0)} s; waiting for ${run.accepted.length} accepted checks\n`,
  )
  await bench.watcher.waitFor(run.accepted, performance.now() + options.settleSeconds * 1000)
  const problems = await accountForAccepted(run)
  if (sent < options.count)
    process.stdout.write(`note: files stopped at ${sent} of ${options.count} inputs (--max-minutes)\n`)
  return {
    target: 'files',
    seconds,
    tally: run.tally,
    memory: memory.stop(),
    boundMb: options.boundMb,
    problems,
  }
}

async function baseFiles(seed: number): Promise<BaseFiles> {
  const pdfs = generatorFamilies.map((fv, i) => {
    const [family, variant] = fv.split('/') as [string, string]
    return generateReceipt({ family, variant, seed: `fuzz-${seed}-${i}` }).pdf
  })
  const images: Uint8Array[] = []
  for (const [i, kind] of (['clean', 'photo', 'clean'] as const).entries())
    images.push((await renderReceiptImage(pdfs[i] as Uint8Array, kind, `fuzz-${seed}-${i}`)).bytes)
  return { pdfs, images, pdfText: new TextDecoder('latin1').decode(pdfs[0]) }
}

/** Input `i`: a mutated PDF or picture (7 in 10), else a malformed request; an accepted check is remembered. */
async function sendInput(run: FilesRun, i: number): Promise<void> {
  const { ctx, files, tally } = run
  const key = ctx.tenants.key
  const base = ctx.bench.services.baseUrl
  // The files target keeps the campaign's original input numbering (seed 3 input i is what it was).
  const rng = new Prng(ctx.seed * 1_000_003 + i)
  const pick = rng.int(10)
  let answer: Awaited<ReturnType<typeof sendAndRecord>>
  if (pick < 6 || pick === 9) {
    const isImage = pick === 9
    await run.backlog.room(ctx.deadlineAt)
    const bytes = mutate(
      isImage ? rng.pick(files.images) : rng.pick(files.pdfs),
      rng,
      isImage ? 'image' : 'pdf',
    )
    const form = new FormData()
    form.set('file', new Blob([bytes], { type: 'application/octet-stream' }), isImage ? 'r.png' : 'r.pdf')
    form.set('expectation', JSON.stringify({ order_ref: `fuzz-${i}` }))
    const res = await fetch(`${base}/v1/checks`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(60_000),
    }).catch((e: Error) => e)
    const label = isImage ? 'image' : 'pdf'
    if (res instanceof Error) return tally.record(label, `network_error:${res.name}`, '', i)
    const body = (await res.json().catch(() => undefined)) as
      | { id?: string; error?: { code?: string } }
      | undefined
    tally.record(label, res.status, body?.error?.code ?? '', i)
    answer = { status: res.status, code: '', body }
  } else {
    const req = hostileRequest(rng, key, files.pdfText)
    answer = await sendAndRecord(base, { ...req, name: `request:${req.name}` }, tally, i)
  }
  const id = (answer.body as { id?: string } | undefined)?.id
  if ((answer.status === 202 || answer.status === 200) && id) {
    run.accepted.push(id)
    run.backlog.add(id)
  }
}

/** Every accepted check by outcome (printed); the problems: checks not terminal, or terminal but not announced. */
async function accountForAccepted(run: FilesRun): Promise<string[]> {
  const { bench, tenants } = run.ctx
  const outcomes = new Map<string, number>()
  let stuck = 0
  let unannounced = 0
  for (const id of run.accepted) {
    const c = bench.watcher.completions.get(id)
    // Not announced on check.completed.v1: the record says whether the check is stuck or its event missing.
    const stored = c ? undefined : await storedStatus(bench.services.baseUrl, tenants.key, id)
    if (!c && stored?.terminal) unannounced++
    else if (!c) stuck++
    const k = c
      ? `${c.status}${c.errorCode ? ` ${c.errorCode}` : ''}`
      : stored?.terminal
        ? `${stored.status} (record only: no completion event seen)`
        : `not terminal (${stored?.status ?? 'unreadable'})`
    outcomes.set(k, (outcomes.get(k) ?? 0) + 1)
  }
  process.stdout.write(`files: accepted checks by outcome:\n${table(outcomes)}\n`)
  return [
    ...(stuck > 0 ? [`${stuck} accepted checks not terminal`] : []),
    ...(unannounced > 0 ? [`${unannounced} terminal checks whose check.completed.v1 was not seen`] : []),
  ]
}

/** The stored record's status, read over the API as a client would. */
async function storedStatus(
  base: string,
  key: string,
  id: string,
): Promise<{ status: string; terminal: boolean } | undefined> {
  const res = await fetch(`${base}/v1/checks/${id}`, { headers: { authorization: `Bearer ${key}` } }).catch(
    () => undefined,
  )
  const body = (await res?.json().catch(() => undefined)) as { status?: string } | undefined
  if (!body?.status) return undefined
  return { status: body.status, terminal: isTerminal(body.status) }
}
