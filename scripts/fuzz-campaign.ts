/**
 * The fuzz campaign (`npm run fuzz`): N generated hostile inputs against the running pipeline — mutated
 * PDFs and pictures of generated receipts (scripts/fuzz/mutate.ts) and malformed requests
 * (scripts/fuzz/hostile-requests.ts) — on its own namespace of the stack named by the environment
 * (`eval "$(bash deploy/native/stack.sh env)"`; only 127.0.0.1). It prints the answers by status and
 * code and the accepted checks by final status and error code, and fails on any 5xx, a service that
 * exited, a check not terminal by the deadline, or a service whose memory grew past the bound.
 *
 *   npm run fuzz -- --count 10000 --concurrency 8 --seed 1 --max-growth-mb 400
 */
import { readdirSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { generateReceipt, generatorFamilies, renderReceiptImage } from '@rv/generator'
import { createBacklog } from './fuzz/backlog'
import { type HostileRequest, hostileRequest } from './fuzz/hostile-requests'
import { mutate, Prng } from './fuzz/mutate'
import { startBenchStack, warmUp } from './load/bench-stack'
import { loadAverage } from './load/proc-cpu'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    'max-growth-mb': { type: 'string', default: '400' },
    'settle-seconds': { type: 'string', default: '600' },
    'max-minutes': { type: 'string', default: '60' },
    'max-backlog': { type: 'string', default: '150' },
  },
})
const count = Number(values.count)
const concurrency = Number(values.concurrency)
const seed = Number(values.seed)
const maxGrowthMb = Number(values['max-growth-mb'])
const deadlineAt = Date.now() + Number(values['max-minutes']) * 60_000

/** RSS (MB) of each service's process tree (launcher and the node process under it, workers included). */
function rssMbOfTree(root: number): number {
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1])
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {}
  }
  let total = 0
  const todo = [root]
  while (todo.length > 0) {
    const pid = todo.pop() as number
    total += rss.get(pid) ?? 0
    todo.push(...(children.get(pid) ?? []))
  }
  return total
}

async function main(): Promise<void> {
  process.stdout.write(
    `fuzz: ${count} inputs, concurrency ${concurrency}, seed ${seed}; load ${loadAverage()}\n`,
  )
  // Base files: a PDF of every family, and a few pictures (PNG, JPEG) of them.
  const pdfs = generatorFamilies.map((fv, i) => {
    const [family, variant] = fv.split('/') as [string, string]
    return generateReceipt({ family, variant, seed: `fuzz-${seed}-${i}` }).pdf
  })
  const images: Uint8Array[] = []
  for (const [i, kind] of (['clean', 'photo', 'clean'] as const).entries())
    images.push((await renderReceiptImage(pdfs[i] as Uint8Array, kind, `fuzz-${seed}-${i}`)).bytes)
  const pdfText = new TextDecoder('latin1').decode(pdfs[0])

  const bench = await startBenchStack({
    name: 'fuzz',
    tenants: 1,
    env: { PDF_PARSE_TIMEOUT_MS: '20000', STAGE_DEADLINE_MS: '300000' },
  })
  let failed = false
  try {
    // The baseline is taken after a few genuine checks: the PDF parse workers and OCR are loaded by then.
    await warmUp(bench, `fuzz-${seed}`)
    const key = bench.keys[0] as string
    const base = bench.services.baseUrl
    const pids = bench.services.pids()
    const roots = Object.entries(pids).flatMap(([name, list]) => list.map((pid) => ({ name, pid })))
    const rssBefore = new Map(roots.map(({ name, pid }) => [`${name}:${pid}`, rssMbOfTree(pid)]))
    const answers = new Map<string, number>()
    const accepted: string[] = []
    const fiveHundreds: string[] = []
    const backlog = createBacklog(Number(values['max-backlog']), (id) => bench.watcher.completions.has(id))
    const count1 = (k: string) => answers.set(k, (answers.get(k) ?? 0) + 1)
    let next = 0
    const started = Date.now()
    const one = async (i: number): Promise<void> => {
      const rng = new Prng(seed * 1_000_003 + i)
      const pick = rng.int(10)
      let label: string
      if (pick < 6 || pick === 9) {
        const isImage = pick === 9
        await backlog.room(deadlineAt)
        const source = isImage ? rng.pick(images) : rng.pick(pdfs)
        const bytes = mutate(source, rng, isImage ? 'image' : 'pdf')
        label = isImage ? 'image' : 'pdf'
        const form = new FormData()
        form.set('file', new Blob([bytes], { type: 'application/octet-stream' }), isImage ? 'r.png' : 'r.pdf')
        form.set('expectation', JSON.stringify({ order_ref: `fuzz-${i}` }))
        const res = await fetch(`${base}/v1/checks`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(60_000),
        }).catch((e: Error) => e)
        return record(label, res, i)
      }
      const init: HostileRequest = hostileRequest(rng, key, pdfText)
      label = `request:${init.name}`
      const res = await fetch(`${base}${init.path}`, {
        method: init.method,
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(60_000),
      }).catch((e: Error) => e)
      return record(label, res, i)
    }
    const record = async (label: string, res: Response | Error, i: number) => {
      if (res instanceof Error) {
        count1(`${label} network_error:${res.name}`)
        return
      }
      const body = (await res.json().catch(() => undefined)) as
        | { id?: string; error?: { code?: string } }
        | undefined
      count1(`${label} ${res.status} ${body?.error?.code ?? ''}`.trim())
      if (res.status >= 500) fiveHundreds.push(`#${i} ${label} ${res.status} ${body?.error?.code ?? ''}`)
      if ((res.status === 202 || res.status === 200) && body?.id) {
        accepted.push(body.id)
        backlog.add(body.id)
      }
    }
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < count && Date.now() < deadlineAt; i = next++) await one(i)
      }),
    )
    const sent = Math.min(next, count)
    const sendSeconds = (Date.now() - started) / 1000
    process.stdout.write(
      `sent ${sent} in ${sendSeconds.toFixed(0)} s; waiting for ${accepted.length} accepted checks\n`,
    )
    await bench.watcher.waitFor(accepted, performance.now() + Number(values['settle-seconds']) * 1000)
    const outcomes = new Map<string, number>()
    let stuck = 0
    let unannounced = 0
    for (const id of accepted) {
      const c = bench.watcher.completions.get(id)
      // Not announced on check.completed.v1: the record says whether the check is stuck or its event missing.
      const stored = c ? undefined : await storedStatus(base, key, id)
      if (!c && stored?.terminal) unannounced++
      else if (!c) stuck++
      const k = c
        ? `${c.status}${c.errorCode ? ` ${c.errorCode}` : ''}`
        : stored?.terminal
          ? `${stored.status} (record only: no completion event seen)`
          : `not terminal (${stored?.status ?? 'unreadable'})`
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1)
    }
    const exited = roots.filter(({ pid }) => rssMbOfTree(pid) === 0)
    const growth = roots.map(({ name, pid }) => ({
      name,
      before: rssBefore.get(`${name}:${pid}`) ?? 0,
      after: rssMbOfTree(pid),
    }))

    const table = (rows: Map<string, number>) =>
      [...rows.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`)
        .join('\n')
    process.stdout.write(`\nanswers (input, status, code):\n${table(answers)}\n`)
    process.stdout.write(`\naccepted checks by outcome:\n${table(outcomes)}\n`)
    process.stdout.write('\nservice memory (RSS of the process tree, MB):\n')
    for (const g of growth)
      process.stdout.write(
        `  ${g.name.padEnd(13)} ${g.before.toFixed(0).padStart(5)} -> ${g.after.toFixed(0).padStart(5)}\n`,
      )
    process.stdout.write(`\nload ${loadAverage()}; ${new Date().toISOString()}\n`)

    const grown = growth.filter((g) => g.after - g.before > maxGrowthMb)
    if (fiveHundreds.length > 0)
      process.stdout.write(`FAIL: ${fiveHundreds.length} 5xx: ${fiveHundreds.slice(0, 10).join('; ')}\n`)
    if (exited.length > 0)
      process.stdout.write(`FAIL: services exited: ${exited.map((e) => e.name).join(', ')}\n`)
    if (stuck > 0) process.stdout.write(`FAIL: ${stuck} accepted checks not terminal\n`)
    if (unannounced > 0)
      process.stdout.write(`FAIL: ${unannounced} terminal checks whose check.completed.v1 was not seen\n`)
    if (grown.length > 0)
      process.stdout.write(
        `FAIL: memory grew past ${maxGrowthMb} MB: ${grown.map((g) => g.name).join(', ')}\n`,
      )
    failed = fiveHundreds.length > 0 || exited.length > 0 || stuck > 0 || unannounced > 0 || grown.length > 0
    if (sent < count) process.stdout.write(`note: stopped at ${sent} of ${count} inputs (--max-minutes)\n`)
    if (!failed) process.stdout.write('PASS\n')
  } finally {
    await bench.close()
  }
  process.exit(failed ? 1 : 0)
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
  return { status: body.status, terminal: body.status === 'done' || body.status === 'failed' }
}

await main()
