import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deriveReplayKeys, exampleRecord, judgeReplay, toReplayExtraction } from '@rv/core'
import { afterEach, describe, expect, it } from 'vitest'
import { withFileLock } from './file-lock'
import { openReplayIndex } from './replay-index'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rv-replay-index-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const extraction = (amount = 600) => ({
  family: 'vtb/sbp_outgoing',
  fields: { ...exampleRecord().fields, amount },
  normalizedText: `receipt ${amount}`,
  facts: {},
})
const keys = (file: string, amount = 600) =>
  deriveReplayKeys({
    fileSha256: file.repeat(64),
    extraction: toReplayExtraction(extraction(amount)),
    tenantId: 'local',
  })

describe('replay index', () => {
  it('given an empty index, when a receipt is registered twice, then the second finds the first', async () => {
    const index = openReplayIndex(tempDir())
    expect(
      await index.register({ checkId: 'chk_1', createdAt: '2026-01-01T00:00:00Z', keys: keys('a') }),
    ).toEqual([])
    const earlier = await index.register({
      checkId: 'chk_2',
      createdAt: '2026-01-02T00:00:00Z',
      keys: keys('a'),
    })
    expect(earlier.map((c) => c.checkId)).toEqual(['chk_1'])
    expect(judgeReplay(keys('a'), earlier).reasons).toEqual(['replay_identical_file'])
  })

  it('tells a re-download from a reused operation id, as the service does', async () => {
    const index = openReplayIndex(tempDir())
    await index.register({ checkId: 'chk_1', createdAt: '2026-01-01T00:00:00Z', keys: keys('a') })
    const again = await index.register({
      checkId: 'chk_2',
      createdAt: '2026-01-02T00:00:00Z',
      keys: keys('b'),
    })
    expect(judgeReplay(keys('b'), again).reasons).toEqual(['replay_same_receipt'])
    const edited = await index.register({
      checkId: 'chk_3',
      createdAt: '2026-01-03T00:00:00Z',
      keys: keys('c', 6000),
    })
    const verdict = judgeReplay(keys('c', 6000), edited)
    expect(verdict.reasons).toEqual(['replay_operation_id_reused'])
    expect(verdict.duplicate_of).toBe('chk_1')
  })

  it('persists across opens, ignores a re-registration and a torn last line', async () => {
    const dir = tempDir()
    const first = openReplayIndex(dir)
    await first.register({ checkId: 'chk_1', createdAt: '2026-01-01T00:00:00Z', keys: keys('a') })
    await first.register({ checkId: 'chk_1', createdAt: '2026-01-01T00:00:00Z', keys: keys('a') })
    writeFileSync(first.file, `${readFileSync(first.file, 'utf8')}{"check_id":"chk_torn","crea`)
    const second = openReplayIndex(dir)
    expect(second.size()).toBe(1)
    expect((await second.lookup(keys('a'))).map((c) => c.checkId)).toEqual(['chk_1'])
    const lines = readFileSync(first.file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"check_id":"chk_1"'))
    expect(lines).toHaveLength(1)
  })

  it('stores digests only', async () => {
    const index = openReplayIndex(tempDir())
    await index.register({ checkId: 'chk_1', createdAt: '2026-01-01T00:00:00Z', keys: keys('a') })
    const text = readFileSync(index.file, 'utf8')
    expect(text).not.toContain('Софья')
    expect(text).not.toContain(exampleRecord().fields.receipt_number!)
  })

  it('a held lock blocks, a stale lock of a dead process is broken', async () => {
    const dir = tempDir()
    const lock = join(dir, 'x.lock')
    writeFileSync(lock, `999999 ${Date.now() - 60_000}`)
    expect(await withFileLock(lock, () => 'ran', { timeoutMs: 2000, staleMs: 1000 })).toBe('ran')
    writeFileSync(lock, `${process.pid} ${Date.now()}`)
    await expect(withFileLock(lock, () => 'ran', { timeoutMs: 100 })).rejects.toThrow(/locked/)
  })

  it('two processes registering at once neither lose nor interleave entries', async () => {
    const dir = tempDir()
    const moduleUrl = new URL('./replay-index.ts', import.meta.url).href
    const script = (tag: string) => `
      import { openReplayIndex } from '${moduleUrl}'
      const index = openReplayIndex(${JSON.stringify(dir)})
      for (let i = 0; i < 40; i++) {
        const digest = (i % 7).toString(16).repeat(64)
        await index.register({ checkId: 'chk_${tag}' + i, createdAt: new Date(Date.now()).toISOString(), keys: { semantic: digest, file_sha256: '${tag}' + i } })
      }`
    const run = promisify(execFile)
    await Promise.all(
      ['a', 'b'].map((tag) =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(tag)], {
          cwd: process.cwd(),
        }),
      ),
    )
    const lines = readFileSync(join(dir, 'replay-index.jsonl'), 'utf8').split('\n').filter(Boolean)
    expect(lines).toHaveLength(80)
    const ids = lines.map((l) => (JSON.parse(l) as { check_id: string }).check_id)
    expect(new Set(ids).size).toBe(80)
    const reopened = openReplayIndex(dir)
    expect(reopened.size()).toBe(80)
    expect(await reopened.lookup({ semantic: '0'.repeat(64) })).toHaveLength(12)
  }, 60_000)
})
