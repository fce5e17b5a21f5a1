/**
 * Liveness and readiness over plain `node:http` for the consumer services, which otherwise serve no HTTP:
 * `GET /healthz` answers while the process serves, `GET /readyz` asks `readiness` on every request so it
 * reflects the consumer as it is now (not as it was at start). `GET /metrics` serves the Prometheus
 * exposition when the service records metrics.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Readiness = { ready: true } | { ready: false; reason: string }

export interface HealthServerOptions {
  host: string
  /** 0 = any free port (tests). */
  port: number
  readiness: () => Readiness
  /** The Prometheus exposition; absent, or answering undefined: /metrics is 404. */
  metrics?: () => Promise<{ contentType: string; body: string } | undefined>
}

export interface HealthServer {
  /** Base URL actually bound, e.g. http://127.0.0.1:41234. */
  readonly url: string
  close(): Promise<void>
}

/**
 * @example
 * const health = await startHealthServer({ host: '0.0.0.0', port: 9090, readiness: () => ({ ready: true }) })
 * logger.info('health server listening', { url: health.url })
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const server = createServer((req, res) => respond(req, res, options))
  // Probes must never keep a stopping process alive.
  server.unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive probe connections would otherwise hold close() open.
        server.closeIdleConnections()
      })
      return closing
    },
  }
}

function respond(req: IncomingMessage, res: ServerResponse, options: HealthServerOptions): void {
  const path = (req.url ?? '/').split('?')[0]
  const known = req.method === 'GET' || req.method === 'HEAD'
  if (known && path === '/healthz') send(res, 200, { status: 'ok' })
  else if (known && path === '/metrics' && options.metrics) void sendMetrics(res, options.metrics)
  else if (known && path === '/readyz') {
    const state = safeReadiness(options.readiness)
    if (state.ready) send(res, 200, { status: 'ready' })
    else send(res, 503, { status: 'not_ready', reason: state.reason })
  } else send(res, 404, { status: 'not_found' })
}

async function sendMetrics(
  res: ServerResponse,
  metrics: NonNullable<HealthServerOptions['metrics']>,
): Promise<void> {
  try {
    const exposition = await metrics()
    if (!exposition) return send(res, 404, { status: 'not_found' })
    res.writeHead(200, {
      'content-type': exposition.contentType,
      'content-length': Buffer.byteLength(exposition.body),
      'cache-control': 'no-store',
    })
    res.end(exposition.body)
  } catch {
    send(res, 500, { status: 'metrics_failed' })
  }
}

function safeReadiness(readiness: () => Readiness): Readiness {
  try {
    return readiness()
  } catch {
    return { ready: false, reason: 'readiness_check_failed' }
  }
}

function send(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  res.end(text)
}
