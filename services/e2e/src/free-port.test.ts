import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort } from './free-port'

const ephemeral = (): [number, number] => {
  try {
    const [from, to] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)
    return [Number(from), Number(to)]
  } catch {
    return [32_768, 60_999]
  }
}

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })

describe('freePort', () => {
  it('hands out ports outside the ephemeral range, never the same one twice, each free to listen on', async () => {
    const [from, to] = ephemeral()
    const ports: number[] = []
    for (let i = 0; i < 30; i++) ports.push(await freePort())
    expect(new Set(ports).size).toBe(ports.length)
    for (const port of ports) expect(port < from || port > to).toBe(true)
    // Nothing was left listening on them: a service can take each.
    const servers = await Promise.all(ports.map(listen))
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
  })
})
