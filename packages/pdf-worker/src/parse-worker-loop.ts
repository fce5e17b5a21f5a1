/**
 * The PDF parse worker's body: says it is ready, then parses one PDF per message and answers the model or the
 * failure's code. Started from source through parse-worker.mjs (which registers tsx first); a service's
 * build (packages/build) bundles this file as `dist/parse-worker.mjs`, next to the service's `dist/main.js`,
 * where pdf-parser.ts's `new URL('./parse-worker.mjs', import.meta.url)` finds it.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { parsePdf } from '@rv/core/pdf'

const port = parentPort
if (!port) throw new Error('parse-worker-loop runs in a worker thread')
port.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    port.postMessage({
      id,
      model: await parsePdf(bytes, workerData.limits, { structure: workerData.structure !== false }),
    })
  } catch (error) {
    port.postMessage({
      id,
      error: {
        code: (error as { code?: string } | null)?.code,
        message: error instanceof Error ? error.message : String(error),
      },
    })
  }
})
port.postMessage({ ready: true })
