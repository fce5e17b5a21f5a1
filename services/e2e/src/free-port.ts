/**
 * A TCP port on 127.0.0.1 nothing listens on, for a service the tests start. Not the kernel's pick of
 * `listen(0)`: that comes from the ephemeral range (32768–60999 on Linux), where every outgoing connection of
 * every process takes its local port, so between the pick and the service's own `listen` a Kafka or MongoDB
 * client's connection could take it — the replay service then died at start-up with EADDRINUSE (a CI run of
 * 27 Nov 2026). Ports are drawn instead from 20000–26999, below the ephemeral range and the native stack's
 * 27018 (deploy/native/ports.sh), checked by binding, and never handed out twice by one process (a test
 * asks for several before any is bound). After 50 refusals the kernel's pick is used.
 */
import { createServer } from 'node:net'

const low = 20_000
const high = 27_000
const handedOut = new Set<number>()

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low))
    if (handedOut.has(port)) continue
    if ((await listenOnce(port)) === port) {
      handedOut.add(port)
      return port
    }
  }
  return listenOnce(0)
}

/** The port a listener got on 127.0.0.1 (`0`: the kernel's pick), closed again; -1 when it was refused. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolvePort(-1) : reject(error),
    )
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      )
    })
  })
}
