import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { stackFromEnv } from './env-stack'
import { findRepoRoot } from './native-stack'
import { parseExportLines } from './parse-export-lines'

describe('native stack contract', () => {
  it('finds the repository root holding deploy/native/stack.sh', () => {
    expect(existsSync(join(findRepoRoot(), 'deploy', 'native', 'stack.sh'))).toBe(true)
  })

  // `env` only prints: this checks the variables the script promises are the ones the resolver reads.
  it('stack.sh env prints a complete stack the resolver accepts', async () => {
    const root = findRepoRoot()
    const { stdout } = await promisify(execFile)('bash', ['deploy/native/stack.sh', 'env'], {
      cwd: root,
      env: { ...process.env, STACK_KAFKA_PORT: '29092' },
    })
    const stack = stackFromEnv(parseExportLines(stdout))
    expect(stack?.kafkaBrokers).toEqual(['127.0.0.1:29092'])
    expect(stack?.schemaRegistryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apis\/ccompat\/v7$/)
    expect(stack?.mongoUrl).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/)
    expect(stack?.s3).toMatchObject({ host: '127.0.0.1', useSSL: false })
  })
})
