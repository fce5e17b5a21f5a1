import { describe, expect, it } from 'vitest'
import { dockerAnswers, dockerTargets } from './docker-probe'

describe('dockerTargets', () => {
  it('uses DOCKER_HOST alone when it is set', () => {
    expect(dockerTargets({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual([
      { socketPath: '/run/user/1000/docker.sock' },
    ])
    expect(dockerTargets({ DOCKER_HOST: 'tcp://10.0.0.5:2376' })).toEqual([{ host: '10.0.0.5', port: 2376 }])
    expect(dockerTargets({ DOCKER_HOST: 'ssh://user@host' })).toEqual([])
  })
})

describe('dockerAnswers', () => {
  it('is false when nothing listens where DOCKER_HOST points', async () => {
    expect(await dockerAnswers({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' }, 200)).toBe(false)
    expect(await dockerAnswers({ DOCKER_HOST: 'tcp://127.0.0.1:1' }, 200)).toBe(false)
  })
})
