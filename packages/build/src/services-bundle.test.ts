import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { parsePdf } from '@rv/core/pdf'
import { defaultPdfLimits } from '@rv/core/vocabulary'
import { describe, expect, it } from 'vitest'
import { buildService } from './build-service'
import { repoRoot } from './repo-root'

const dist = (name: string, file: string) => join(repoRoot, 'services', name, 'dist', file)

describe('the services bundled (real sources)', () => {
  it('the gateway: its @rv sources inside, third-party packages from node_modules, a linked source map', async () => {
    const meta = await buildService(repoRoot, 'gateway')
    expect(meta.inputs).toContain('services/gateway/src/main.ts')
    expect(meta.inputs.some((input) => input.startsWith('packages/core/src/'))).toBe(true)
    expect(meta.inputs.some((input) => input.startsWith('schemas/'))).toBe(true)
    expect(meta.inputs.filter((input) => input.includes('node_modules/'))).toEqual([])
    const bundle = readFileSync(dist('gateway', 'main.js'), 'utf8')
    expect(bundle).toMatch(/^import .* from "hono";$/m)
    expect(bundle).toMatch(/^import .* from "kafkajs";$/m)
    expect(bundle).not.toMatch(/from "@rv\//)
    expect(bundle).not.toMatch(/from "tsx/)
    expect(bundle.trimEnd().endsWith('//# sourceMappingURL=main.js.map')).toBe(true)
    const map = JSON.parse(readFileSync(dist('gateway', 'main.js.map'), 'utf8')) as { sources: string[] }
    expect(map.sources).toContain('../src/main.ts')
  })

  it('authenticity: its PDF parse worker written beside the bundle parses a receipt without a TypeScript loader', async () => {
    const meta = await buildService(repoRoot, 'authenticity')
    expect(meta.inputs).toContain('packages/pdf-worker/src/parse-worker-loop.ts')
    const pdf = new Uint8Array(readFileSync(join(repoRoot, 'fixtures/generated/vtb/27-12-25_20-21.pdf')))
    // execArgv [] and a .mjs file: node alone loads it, with no loader from vitest or tsx.
    const worker = new Worker(dist('authenticity', 'parse-worker.mjs'), {
      workerData: { limits: defaultPdfLimits },
      execArgv: [],
    })
    try {
      const replies: unknown[] = []
      const model = await new Promise((resolve, reject) => {
        worker.on('error', reject)
        worker.on('message', (reply: { ready?: true; model?: unknown; error?: unknown }) => {
          replies.push(reply)
          if (reply.ready) worker.postMessage({ id: 1, bytes: pdf })
          else if (reply.model) resolve(reply.model)
          else reject(new Error(JSON.stringify(reply.error)))
        })
      })
      expect(model).toEqual(await parsePdf(pdf, defaultPdfLimits))
    } finally {
      await worker.terminate()
    }
  })

  it('extraction: the HEIC worker copied beside the bundle, as decode-heic.ts loads it', async () => {
    const meta = await buildService(repoRoot, 'extraction')
    expect(meta.inputs).toContain('packages/ocr/src/heic-worker.cjs')
    expect(readFileSync(dist('extraction', 'heic-worker.cjs'), 'utf8')).toBe(
      readFileSync(join(repoRoot, 'packages/ocr/src/heic-worker.cjs'), 'utf8'),
    )
    expect(readFileSync(dist('extraction', 'main.js'), 'utf8')).toContain(
      'new URL("./heic-worker.cjs", import.meta.url)',
    )
  })
})
