// The PDF parse worker's entry (plain JS: a worker thread gets no loader from vitest, and tsx's --import may
// not reach it). It registers tsx to load core's TypeScript, says it is ready, then parses one PDF per
// message, answering the model or the failure's code.
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const { parsePdf } = await import('@rv/core/pdf/parse-pdf')
const port = parentPort
port.on('message', async ({ id, bytes }) => {
  try {
    port.postMessage({ id, model: await parsePdf(bytes, workerData.limits) })
  } catch (error) {
    port.postMessage({
      id,
      error: { code: error?.code, message: error instanceof Error ? error.message : String(error) },
    })
  }
})
port.postMessage({ ready: true })
