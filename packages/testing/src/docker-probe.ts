import { existsSync } from 'node:fs'
import { request } from 'node:http'
import { homedir } from 'node:os'
import { join } from 'node:path'

type DockerTarget = { socketPath: string } | { host: string; port: number }

/** Where a Docker-compatible engine may listen: DOCKER_HOST first, then the usual sockets. */
export function dockerTargets(env: Readonly<Record<string, string | undefined>>): DockerTarget[] {
  const fromEnv = env['DOCKER_HOST']
  if (fromEnv) {
    if (fromEnv.startsWith('unix://')) return [{ socketPath: fromEnv.slice('unix://'.length) }]
    if (fromEnv.startsWith('tcp://')) {
      const url = new URL(fromEnv.replace(/^tcp:/, 'http:'))
      return [{ host: url.hostname, port: Number(url.port || 2375) }]
    }
    return []
  }
  const sockets = [
    '/var/run/docker.sock',
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
    ...(env['XDG_RUNTIME_DIR'] ? [join(env['XDG_RUNTIME_DIR'], 'docker.sock')] : []),
  ]
  return sockets.filter((s) => existsSync(s)).map((socketPath) => ({ socketPath }))
}

function ping(target: DockerTarget, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
    req.end()
  })
}

/**
 * True when a Docker engine answers `/_ping`. A socket file alone proves nothing (a stopped Docker
 * Desktop leaves it behind), and asking testcontainers would load it on machines that cannot use it.
 */
export async function dockerAnswers(
  env: Readonly<Record<string, string | undefined>> = process.env,
  timeoutMs = 1500,
): Promise<boolean> {
  for (const target of dockerTargets(env)) {
    if (await ping(target, timeoutMs)) return true
  }
  return false
}
