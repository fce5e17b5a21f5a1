/**
 * The review console in a real headless browser (Debian's chromium driven by playwright-core) against the
 * real stack: MongoDB, MinIO and Kafka with the registry; the console runs as its own process, fed by
 * check.completed.v1 as in production. Geometry is asserted, not pixels.
 */
import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { canonicalJson } from '@rv/core'
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckReviewedV1 } from '@rv/schemas'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import axe from 'axe-core'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../../e2e/src/e2e-environment'
import { type RunningConsole, startConsole } from '../../e2e/src/start-console'
import { freePort } from '../../e2e/src/start-services'
import { forgedPdf, type StoredCheck, screenshot, storeCheck } from './review-fixtures'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'it-console')
const bucket = e2e.env.S3_BUCKET!
const storage = createS3Storage({ ...stack.s3, bucket })
const password = 'correct horse battery staple'
const screenshots = process.env.RV_CONSOLE_SCREENSHOTS

let store: Store
let bus: EventBus
let app: RunningConsole
let browser: Browser
let analyst: BrowserContext
let page: Page
const reviewed: CheckReviewedV1[] = []
const checks: Record<'pdf' | 'picture' | 'otherTenant', StoredCheck> = {} as never
let tenantA = ''

async function signIn(p: Page, email: string): Promise<void> {
  await p.goto(app.url)
  await p.fill('#email', email)
  await p.fill('#password', password)
  await p.click('form.sign-in button[type=submit]')
  await p.waitForSelector('table.queue-table')
}

async function seriousViolations(p: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await p.evaluate(axe.source)
  return p.evaluate(async () => {
    const run = (
      globalThis as unknown as {
        axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> }
      }
    ).axe
    const result = await run.run()
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  })
}

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  const a = await store.tenants.createTenant(randomName('console-a'))
  const b = await store.tenants.createTenant(randomName('console-b'))
  tenantA = a._id
  await store.consoleUsers.add({ email: 'analyst@a.test', tenantId: a._id, role: 'analyst', password })
  await store.consoleUsers.add({ email: 'lead@a.test', tenantId: a._id, role: 'lead', password })
  await store.consoleUsers.add({ email: 'analyst@b.test', tenantId: b._id, role: 'analyst', password })
  const deps = { store, storage, bucket }
  const now = new Date()
  const pdf = await forgedPdf('console-forged')
  const picture = await screenshot('console-picture')
  checks.pdf = await storeCheck(deps, {
    id: 'chk_ConsolePdf01',
    tenantId: a._id,
    ...pdf,
    contentType: 'application/pdf',
    now: new Date(now.getTime() - 10 * 60_000),
  })
  checks.picture = await storeCheck(deps, {
    id: 'chk_ConsolePng01',
    tenantId: a._id,
    ...picture,
    contentType: 'image/png',
    now,
  })
  // Two later forgeries wait behind the first in the reject queue (oldest first).
  const later = [] as StoredCheck[]
  for (const [k, id] of ['chk_ConsoleLater01', 'chk_ConsoleLater02'].entries()) {
    const forged = await forgedPdf(`console-later-${k}`)
    const at = new Date(now.getTime() - (5 - k) * 60_000)
    later.push(
      await storeCheck(deps, { id, tenantId: a._id, ...forged, contentType: 'application/pdf', now: at }),
    )
  }
  const other = await forgedPdf('console-other')
  checks.otherTenant = await storeCheck(deps, {
    id: 'chk_ConsoleOther01',
    tenantId: b._id,
    ...other,
    contentType: 'application/pdf',
    now,
  })

  app = await startConsole({ env: e2e.env, port: await freePort(), output: 'inherit', timeoutMs: 120_000 })
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-console-test',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    shutdown: false,
  })
  await bus.consume({
    groupId: randomName('it-console-reviewed'),
    topics: ['check.reviewed.v1'],
    handle: async ({ value }) => {
      reviewed.push(value)
    },
  })
  // As the aggregator does: the finished records on check.completed.v1, which the console's queue follows.
  for (const c of [...later, checks.pdf, checks.picture, checks.otherTenant])
    await bus.publish('check.completed.v1', c.record.id, c.record)
  const deadline = Date.now() + 60_000
  while ((await store.reviewQueue.lane(a._id, 'review')).length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 250))

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  analyst = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  page = await analyst.newPage()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await bus?.close()
  await store?.close()
  await e2e.cleanup.run()
})

describe('review console in a browser', () => {
  it('puts the checks in their queues: the picture in review, the forged PDF in reject', () => {
    expect(checks.picture.record.recommendation).toBe('review')
    expect(checks.pdf.record.recommendation).toBe('reject')
    const covered = checks.pdf.record.document.checks.find((c) => c.name === 'content.covered_text')
    expect(covered?.passed).toBe(false)
  })

  it('signs in and shows the review queue with its age, without another tenant’s checks', async () => {
    await signIn(page, 'analyst@a.test')
    const rows = page.locator('table.queue-table tbody tr')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().getAttribute('data-check-id')).toBe('chk_ConsolePng01')
    expect(await rows.first().locator('td').nth(1).textContent()).toMatch(/^\d+(s|m)$/)
    expect(await seriousViolations(page)).toEqual([])
    if (screenshots) mkdirSync(screenshots, { recursive: true })
  })

  it('refuses another tenant’s check, file and decision, and a state change without the CSRF token', async () => {
    const other = checks.otherTenant.record.id
    expect((await page.request.get(`${app.url}/api/checks/${other}`)).status()).toBe(404)
    expect((await page.request.get(`${app.url}/api/checks/${other}/file`)).status()).toBe(404)
    const me = (await (await page.request.get(`${app.url}/api/me`)).json()) as { csrf: string }
    const headers = { origin: app.url, 'x-csrf-token': me.csrf }
    const decide = await page.request.post(`${app.url}/api/checks/${other}/decisions`, {
      headers,
      data: { decision: 'genuine' },
    })
    expect(decide.status()).toBe(404)
    const noToken = await page.request.post(`${app.url}/api/checks/chk_ConsolePng01/claim`, {
      headers: { origin: app.url },
    })
    expect(noToken.status()).toBe(403)
    const foreign = await page.request.post(`${app.url}/api/checks/chk_ConsolePng01/claim`, {
      headers: { origin: 'http://evil.test', 'x-csrf-token': me.csrf },
    })
    expect(foreign.status()).toBe(403)
    // And tenant B's analyst sees only B's check.
    const b = await browser.newContext()
    const bPage = await b.newPage()
    await signIn(bPage, 'analyst@b.test')
    const bQueue = (await (await bPage.request.get(`${app.url}/api/queue?queue=reject`)).json()) as {
      items: { check_id: string }[]
    }
    expect(bQueue.items.map((i) => i.check_id)).toEqual([other])
    expect((await bPage.request.get(`${app.url}/api/checks/chk_ConsolePdf01`)).status()).toBe(404)
    await b.close()
  })

  it('opens the forged PDF by keyboard and draws the covered-text box over the redrawn amount, at any zoom', async () => {
    await page.click('button:has-text("reject")')
    await page.waitForSelector('tr[data-check-id="chk_ConsolePdf01"]')
    const order = await page
      .locator('table.queue-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-check-id')))
    expect(order).toEqual(['chk_ConsolePdf01', 'chk_ConsoleLater01', 'chk_ConsoleLater02'])
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('k')
    expect(await page.locator('tr.selected').getAttribute('data-check-id')).toBe('chk_ConsoleLater01')
    await page.keyboard.press('k')
    if (screenshots)
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${screenshots}/console-queue-${width}.png` })
      }
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.keyboard.press('o')
    const overlay = page.locator('.evidence[data-check="content.covered_text"]')
    await overlay.waitFor()
    await page.waitForSelector('.page canvas')

    // Where pdf.js itself reads the redrawn amount: the text item under the box the check states.
    const doc = await getDocument({ data: new Uint8Array(checks.pdf.bytes), isEvalSupported: false }).promise
    const pdfPage = await doc.getPage(1)
    const [, , width = 0, height = 0] = pdfPage.view
    const detail = checks.pdf.record.document.checks.find((c) => c.name === 'content.covered_text')!.detail
    const [, x0, x1, baseline] = detail.match(/box x ([\d.]+)–([\d.]+), baseline ([\d.]+)/)!.map(Number)
    const items = (await pdfPage.getTextContent()).items as {
      str: string
      transform: number[]
      width: number
    }[]
    const word = items.find(
      (i) =>
        Math.abs(height - i.transform[5]! - baseline!) < 1 &&
        i.transform[4]! >= x0! - 1 &&
        i.transform[4]! < x1!,
    )
    expect(word?.str).toMatch(/\d/)
    const expected = {
      left: word!.transform[4]! / width,
      right: (word!.transform[4]! + word!.width) / width,
      baseline: (height - word!.transform[5]!) / height,
    }

    const measure = async () => {
      const frame = (await page.locator('.page[data-page="1"]').boundingBox())!
      const box = (await overlay.boundingBox())!
      return {
        left: (box.x - frame.x) / frame.width,
        right: (box.x + box.width - frame.x) / frame.width,
        top: (box.y - frame.y) / frame.height,
        bottom: (box.y + box.height - frame.y) / frame.height,
        frameWidth: frame.width,
      }
    }
    const at = await measure()
    expect(at.left).toBeLessThanOrEqual(expected.left + 0.01)
    expect(at.right).toBeGreaterThanOrEqual(expected.right - 0.01)
    expect(at.top).toBeLessThan(expected.baseline)
    expect(at.bottom).toBeGreaterThan(expected.baseline)

    await page.keyboard.press('+')
    await expect.poll(async () => (await measure()).frameWidth).toBeGreaterThan(at.frameWidth * 1.2)
    const zoomed = await measure()
    expect(zoomed.left).toBeCloseTo(at.left, 2)
    expect(zoomed.top).toBeCloseTo(at.top, 2)

    // Linked both ways: the box (a button, reached by keyboard) selects its check in the list.
    await overlay.focus()
    await page.keyboard.press(' ')
    await expect
      .poll(() => page.locator('li.check.active').getAttribute('data-check'))
      .toBe('content.covered_text')
    expect((await store.audit.ofCheck(tenantA, 'chk_ConsolePdf01')).map((e) => e.action)).toEqual(
      expect.arrayContaining(['claim', 'view', 'view-file']),
    )
    if (screenshots) {
      await page.keyboard.press('-')
      await expect.poll(async () => (await measure()).frameWidth).toBeCloseTo(at.frameWidth, 0)
      await page.waitForSelector('.page canvas')
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${screenshots}/console-check-${width}.png` })
      }
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  })

  it('has no serious accessibility violations on the check view', async () => {
    expect(await seriousViolations(page)).toEqual([])
  })

  it('decides forged by keyboard: the decision, its audit entry and the Kafka event, bound to the record digest', async () => {
    await page.keyboard.press('f')
    await page.keyboard.press('1')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 30_000 })
      .toContain('Recorded: forged')
    // Focus moved on to the next check of the queue.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 30_000 })
      .toBe('/check/chk_ConsoleLater01')
    const [decision] = await store.decisions.list(tenantA, 'chk_ConsolePdf01')
    const digest = createHash('sha256').update(canonicalJson(checks.pdf.record)).digest('hex')
    expect(decision).toMatchObject({
      decision: 'forged',
      reason_code: 'edited_values',
      decided_by: 'analyst@a.test',
      record_sha256: digest,
    })
    expect((await store.audit.ofCheck(tenantA, 'chk_ConsolePdf01')).map((e) => e.action)).toContain('decide')
    await expect
      .poll(() => reviewed.find((e) => e.check_id === 'chk_ConsolePdf01'), { timeout: 30_000 })
      .toMatchObject({
        decision: 'forged',
        reason_code: 'edited_values',
        record_sha256: digest,
        tenant_id: tenantA,
      })
    // Counted in the console's metrics (no tenant or user label).
    const metrics = await (await page.request.get(`${app.url}/metrics`)).text()
    expect(metrics).toContain(
      'rv_console_decisions_total{decision="forged",overruled="false",service="console"} 1',
    )
    // The queue gauges by lane, read from the store at scrape: the picture still waits for review.
    expect(metrics).toMatch(/rv_review_queue_depth\{lane="review",service="console"\} [1-9]/)
    expect(metrics).not.toMatch(/tenant/)
    // It joined the tenant's forgery regression set (a reference to the file, not a copy).
    expect(await store.forgerySet.ofTenant(tenantA)).toMatchObject([
      { _id: 'chk_ConsolePdf01', verdict_was: 'suspicious', reason_code: 'edited_values' },
    ])
    // The machine record was not touched.
    expect(await store.checks.findRecord(tenantA, 'chk_ConsolePdf01')).toEqual(checks.pdf.record)
  })

  it('opens the picture, ignores keys while typing a note, and a genuine decision teaches the fingerprints', async () => {
    await page.keyboard.press('Escape')
    await page.click('button:has-text("review")')
    await page.waitForSelector('tr[data-check-id="chk_ConsolePng01"]')
    await page.keyboard.press('o')
    await page.waitForSelector('.page img')
    await page.keyboard.press('g')
    await page.fill('#note', 'fine')
    await page.focus('#note')
    await page.keyboard.press('f') // typed into the note, not a decision
    expect(await page.locator('#note').inputValue()).toBe('finef')
    await page.locator('#note').blur()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 30_000 })
      .toContain('Recorded: genuine')
    const [decision] = await store.decisions.list(tenantA, 'chk_ConsolePng01')
    expect(decision).toMatchObject({ decision: 'genuine', note: 'finef' })
    expect(await store.reviews.find('chk_ConsolePng01')).toMatchObject({ decision: 'genuine', bank: 'vtb' })
    expect((await store.reviewQueue.lane(tenantA, 'review')).length).toBe(0)
  })

  it('hands an escalated check to a lead, whom alone it is left to decide', async () => {
    const csrf = async (p: Page) =>
      ((await (await p.request.get(`${app.url}/api/me`)).json()) as { csrf: string }).csrf
    const post = async (p: Page, body: object) =>
      p.request.post(`${app.url}/api/checks/chk_ConsoleLater02/decisions`, {
        headers: { origin: app.url, 'x-csrf-token': await csrf(p) },
        data: body,
      })
    expect((await post(page, { decision: 'escalate', reason_code: 'needs_lead' })).status()).toBe(201)
    expect((await post(page, { decision: 'forged', reason_code: 'edited_values' })).status()).toBe(409)
    const lead = await browser.newContext()
    const leadPage = await lead.newPage()
    await signIn(leadPage, 'lead@a.test')
    const escalated = (await (await leadPage.request.get(`${app.url}/api/queue?queue=escalated`)).json()) as {
      items: { check_id: string }[]
    }
    expect(escalated.items.map((i) => i.check_id)).toEqual(['chk_ConsoleLater02'])
    // Escalating released the analyst's lease: the lead decides at once.
    expect((await post(leadPage, { decision: 'forged', reason_code: 'edited_values' })).status()).toBe(201)
    await lead.close()
    const decisions = await store.decisions.list(tenantA, 'chk_ConsoleLater02')
    expect(decisions.map((d) => [d.seq, d.decision, d.role])).toEqual([
      [1, 'escalate', 'analyst'],
      [2, 'forged', 'lead'],
    ])
    expect((await store.reviewQueue.lane(tenantA, 'escalated')).length).toBe(0)
  })

  it('a crafted /check/ link (..%2F) makes no request to another path: the queue opens instead', async () => {
    const context = await browser.newContext()
    const p = await context.newPage()
    await signIn(p, 'analyst@a.test')
    const posts: string[] = []
    p.on('request', (r) => {
      if (r.method() !== 'GET') posts.push(`${r.method()} ${new URL(r.url()).pathname}`)
    })
    // Decoded and pasted into `/api/checks/<id>/claim`, this would be a POST to /api/sign-out.
    await p.goto(`${app.url}/check/..%2F..%2Fapi%2Fsign-out%3F`)
    await p.waitForSelector('table.queue-table')
    expect(posts).toEqual([])
    expect(new URL(p.url()).pathname).toBe('/')
    expect((await p.request.get(`${app.url}/api/me`)).status()).toBe(200)
    await context.close()
  })

  it('gives the lead the queue depth and the decisions per analyst', async () => {
    const lead = await browser.newContext()
    const leadPage = await lead.newPage()
    await signIn(leadPage, 'lead@a.test')
    await leadPage.click('button:has-text("Lead view")')
    await leadPage.waitForSelector('section.lead')
    expect(await leadPage.locator('section.lead').textContent()).toContain('analyst@a.test')
    expect((await page.request.get(`${app.url}/api/lead/stats`)).status()).toBe(403)
    await lead.close()
  })
})
