/**
 * Where the services' spans land in tests: a node:http endpoint taking OTLP/HTTP JSON (`POST /v1/traces`,
 * what @opentelemetry/exporter-trace-otlp-http sends) and keeping the spans, so a test can follow one trace
 * across the processes. It only receives; nothing the services do depends on its answer.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedSpan {
  service: string
  traceId: string
  spanId: string
  parentSpanId: string
  name: string
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string }[] }[]
  }[]
}

export async function startOtlpReceiver(): Promise<{
  url: string
  spans: ReceivedSpan[]
  close(): Promise<void>
}> {
  const spans: ReceivedSpan[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        spans.push(...readSpans(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson))
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function readSpans(body: OtlpJson): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((rs) => {
    const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? ''
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
      })),
    )
  })
}
