/**
 * A TCP relay in front of a real server, so a test can take the server off the network and bring it back
 * without stopping it (other tests share it): `cut()` closes the listener and resets every relayed
 * connection, as a crashed or stopped server would look to a client; `restore()` listens again.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net'

export interface TcpOutage {
  /** host:port of the relay. */
  readonly address: string
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function relayTo(target: { host: string; port: number }): Promise<TcpOutage> {
  const sockets = new Set<Socket>()
  let port = 0
  let server: Server | undefined

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection(target)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        const address = s.address()
        if (typeof address === 'object' && address) port = address.port
        server = s
        resolve()
      })
    })

  const cut = async () => {
    const s = server
    server = undefined
    for (const socket of sockets) socket.resetAndDestroy()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  await listen()
  return {
    get address() {
      return `127.0.0.1:${port}`
    },
    cut,
    restore: listen,
    close: cut,
  }
}
