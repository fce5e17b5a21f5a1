/**
 * Clicking a field in the check view highlights where it was read, in a real headless browser (Debian's
 * chromium driven by playwright-core) against the real stack: a genuine PDF and the same page as a clean
 * picture (read by OCR), each stored with its extraction slot as the aggregator keeps it. The highlight's
 * geometry is checked against where pdf.js reads the amount on the source PDF, at two zooms — not pixels.
 */
import { mkdirSync } from 'node:fs'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import axe from 'axe-core'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../../e2e/src/e2e-environment'
import { type RunningConsole, startConsole } from '../../e2e/src/start-console'
import { freePort } from '../../e2e/src/start-services'
import { forgedPicture, genuinePdfAndPicture, type StoredCheck, storeCheck } from './review-fixtures'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'it-console-fields')
const bucket = e2e.env.S3_BUCKET!
const storage = createS3Storage({ ...stack.s3, bucket })
const password = 'correct horse battery staple'
const screenshots = process.env.RV_CONSOLE_SCREENSHOTS

let store: Store
let app: RunningConsole
let browser: Browser
let page: Page
let pdf: StoredCheck
let picture: StoredCheck
let forged: StoredCheck
type Words = { left: number; right: number; baseline: number; size: number }
/** Where pdf.js reads the amount on the source PDF, in fractions of the page (and on the forged one's). */
let amountWords: Words
let forgedAmountWords: Words

const squash = (s: string) => s.replace(/\s/g, '')

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  const tenant = await store.tenants.createTenant(randomName('console-fields'))
  await store.consoleUsers.add({
    email: 'analyst@fields.test',
    tenantId: tenant._id,
    role: 'analyst',
    password,
  })
  const deps = { store, storage, bucket }
  const files = await genuinePdfAndPicture('console-fields')
  const now = new Date()
  pdf = await storeCheck(deps, {
    id: 'chk_FieldsPdf01',
    tenantId: tenant._id,
    ...files.pdf,
    contentType: 'application/pdf',
    now,
  })
  picture = await storeCheck(deps, {
    id: 'chk_FieldsPng01',
    tenantId: tenant._id,
    ...files.picture,
    contentType: 'image/png',
    now,
  })

  const edited = await forgedPicture('console-fields-forged')
  forged = await storeCheck(deps, {
    id: 'chk_FieldsPng02',
    tenantId: tenant._id,
    ...edited.picture,
    contentType: 'image/png',
    now,
  })
  amountWords = await wordsOf(pdf.bytes, pdf.record.fields.amount)
  forgedAmountWords = await wordsOf(edited.pdf, forged.record.fields.amount)

  app = await startConsole({ env: e2e.env, port: await freePort(), output: 'inherit', timeoutMs: 120_000 })
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  page = await context.newPage()
  await page.goto(app.url)
  await page.fill('#email', 'analyst@fields.test')
  await page.fill('#password', password)
  await page.click('form.sign-in button[type=submit]')
  await page.waitForSelector('table.queue-table')
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await store?.close()
  await e2e.cleanup.run()
})

/** Where pdf.js reads the item that starts with the amount's digits, in fractions of the page. */
async function wordsOf(bytes: Uint8Array, value: number | null): Promise<Words> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise
  const pdfPage = await doc.getPage(1)
  const [, , width = 0, height = 0] = pdfPage.view
  const items = (await pdfPage.getTextContent()).items as {
    str: string
    transform: number[]
    width: number
  }[]
  const amount = String(Math.trunc(value ?? 0))
  const item = items.find((i) => squash(i.str).startsWith(amount))
  if (!item) throw new Error(`pdf.js reads no item starting with ${amount}`)
  return {
    left: item.transform[4]! / width,
    right: (item.transform[4]! + item.width) / width,
    baseline: (height - item.transform[5]!) / height,
    size: Math.hypot(item.transform[2]!, item.transform[3]!) / height,
  }
}

async function open(checkId: string, surface: string): Promise<void> {
  await page.goto(`${app.url}/check/${checkId}`)
  await page.waitForSelector(`.page ${surface}`)
  await page.waitForSelector('tr[data-field="amount"] button.field-name')
}

/** The highlight of `field` (or another box) in fractions of its page frame (as laid out, at the current zoom). */
async function measure(field: string, selector = `.field-box[data-field="${field}"]`) {
  const frame = (await page.locator('.page[data-page="1"]').boundingBox())!
  const box = (await page.locator(selector).first().boundingBox())!
  return {
    left: (box.x - frame.x) / frame.width,
    right: (box.x + box.width - frame.x) / frame.width,
    top: (box.y - frame.y) / frame.height,
    bottom: (box.y + box.height - frame.y) / frame.height,
    frameWidth: frame.width,
  }
}

/** The box covers the amount's words and is tight around their line (`slack`: OCR boxes vs pdf.js's). */
function expectOverAmount(at: Awaited<ReturnType<typeof measure>>, slack: number, w = amountWords): void {
  expect(at.left).toBeLessThanOrEqual(w.left + slack)
  expect(at.right).toBeGreaterThanOrEqual(w.right - slack)
  expect(at.left).toBeGreaterThan(w.left - 0.05)
  expect(at.right).toBeLessThan(w.right + 0.1)
  // From above the digits' tops to the baseline, and no more than about a line tall.
  expect(at.top).toBeLessThan(w.baseline - 0.5 * w.size)
  expect(at.bottom).toBeGreaterThan(w.baseline - slack)
  expect(at.bottom - at.top).toBeLessThan(2 * w.size)
}

describe('check view: where a field was read', () => {
  it('highlights the amount over its words on the PDF page, at two zooms, linked both ways', async () => {
    await open(pdf.record.id, 'canvas')
    expect(await page.locator('.field-box').count()).toBe(0)
    await page.click('tr[data-field="amount"] button.field-name')
    await page.locator('.field-box[data-field="amount"]').waitFor()
    expect(await page.locator('tr[data-field="amount"] button.field-name').getAttribute('aria-pressed')).toBe(
      'true',
    )
    const at = await measure('amount')
    expectOverAmount(at, 0.003)

    await page.keyboard.press('+')
    await expect.poll(async () => (await measure('amount')).frameWidth).toBeGreaterThan(at.frameWidth * 1.2)
    const zoomed = await measure('amount')
    expectOverAmount(zoomed, 0.003)
    expect(zoomed.left).toBeCloseTo(at.left, 2)
    expect(zoomed.top).toBeCloseTo(at.top, 2)
    // Scrolled into view in the document pane.
    const pane = (await page.locator('.document').boundingBox())!
    const box = (await page.locator('.field-box[data-field="amount"]').boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(pane.y)
    expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height)

    // The box links back: activating it (by keyboard) puts the focus on its field's row.
    await page.locator('.field-box[data-field="amount"]').focus()
    await page.keyboard.press(' ')
    await expect
      .poll(() =>
        page
          .locator('tr[data-field="amount"] button.field-name')
          .evaluate((b) => b === b.ownerDocument.activeElement),
      )
      .toBe(true)
    expect(await page.locator('.field-box[data-field="amount"]').getAttribute('aria-describedby')).toBe(
      'field-amount',
    )
  })

  it('moves between fields by keyboard, says when a place is not known, and ignores keys while typing', async () => {
    await page.keyboard.press('-')
    await page.waitForSelector('.page canvas')
    // `type` is the variant's by its nature: read nowhere.
    await page.click('tr[data-field="type"] button.field-name')
    await expect.poll(() => page.locator('#status').textContent()).toContain('type: where it was read')
    expect(await page.locator('.field-box').count()).toBe(0)
    expect(await page.locator('tr[data-field="type"]').textContent()).toContain('place not known')
    const names = await page
      .locator('tr[data-field]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field')))
    const at = names.indexOf('type')
    await page.keyboard.press('.')
    await expect
      .poll(() => page.locator('tr.active').getAttribute('data-field'))
      .toBe(names[(at + 1) % names.length])
    await page.keyboard.press(',')
    await expect.poll(() => page.locator('tr.active').getAttribute('data-field')).toBe('type')
    // Keys do nothing while typing a note.
    await page.keyboard.press('g')
    await page.focus('#note')
    await page.keyboard.type('.,')
    expect(await page.locator('#note').inputValue()).toBe('.,')
    await expect.poll(() => page.locator('tr.active').getAttribute('data-field')).toBe('type')
    await page.locator('#note').blur()
    await page.keyboard.press('Escape')
  })

  it('has no serious accessibility violations with a field highlighted', async () => {
    await page.click('tr[data-field="amount"] button.field-name')
    await page.locator('.field-box[data-field="amount"]').waitFor()
    await page.evaluate(axe.source)
    const violations = await page.evaluate(async () => {
      const run = (
        globalThis as unknown as {
          axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> }
        }
      ).axe
      const result = await run.run()
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id)
    })
    expect(violations).toEqual([])
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true })
      await page.screenshot({ path: `${screenshots}/console-check-field-1440.png` })
    }
  })

  it('highlights the amount over its words on the picture (read by OCR), at two zooms', async () => {
    expect(picture.record.fields.source).toBe('ocr')
    expect(picture.record.fields.amount).toBe(pdf.record.fields.amount)
    await open(picture.record.id, 'img')
    await page.click('tr[data-field="amount"] button.field-name')
    await page.locator('.field-box[data-field="amount"]').waitFor()
    // The clean picture is the whole page at 150 dpi: the same fractions as the PDF's.
    const at = await measure('amount')
    expectOverAmount(at, 0.01)
    await page.keyboard.press('+')
    await expect.poll(async () => (await measure('amount')).frameWidth).toBeGreaterThan(at.frameWidth * 1.2)
    const zoomed = await measure('amount')
    expectOverAmount(zoomed, 0.01)
    expect(zoomed.left).toBeCloseTo(at.left, 2)
  })

  it('draws a failed picture check over the value it judges, at two zooms, linked both ways', async () => {
    const failed = forged.record.document.checks.find((c) => c.name === 'image.value_alignment')
    expect(failed).toMatchObject({ passed: false })
    expect(failed?.detail).toMatch(/: amount \+/)
    await open(forged.record.id, 'img')
    const box = '.evidence[data-check="image.value_alignment"]'
    await page.locator(box).waitFor()
    expect(await page.locator(box).count()).toBe(1)
    expect(await page.locator(box).getAttribute('aria-label')).toContain('(amount)')
    // The picture's marker judges no field: it states no place.
    expect(await page.locator('.evidence[data-check="image.source_unverifiable"]').count()).toBe(0)
    // The lengthened amount's words as drawn on the forged page (the picture is that page at 150 dpi).
    const at = await measure('amount', box)
    expectOverAmount(at, 0.01, forgedAmountWords)
    await page.keyboard.press('+')
    await expect
      .poll(async () => (await measure('amount', box)).frameWidth)
      .toBeGreaterThan(at.frameWidth * 1.2)
    const zoomed = await measure('amount', box)
    expectOverAmount(zoomed, 0.01, forgedAmountWords)
    expect(zoomed.left).toBeCloseTo(at.left, 2)
    // Linked both ways: the box names its check's row, and clicking it selects that check.
    expect(await page.locator(box).getAttribute('aria-describedby')).toBe('check-image-value_alignment')
    await page.click('li[data-check="image.source_unverifiable"] button.check-name')
    await expect.poll(() => page.locator(box).getAttribute('class')).not.toContain('active')
    await page.click(box)
    await expect
      .poll(() => page.locator('li[data-check="image.value_alignment"]').getAttribute('class'))
      .toContain('active')
    await expect.poll(() => page.locator(box).getAttribute('class')).toContain('active')
  })
})
