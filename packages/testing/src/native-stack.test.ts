import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

  // CI's fresh clone moves to free ports when another checkout's stack holds the defaults; `start`
  // saves them in <STACK_DIR>/ports.env, and `env` must print those, unless a variable overrides one.
  it('stack.sh env prints the ports start saved, and STACK_*_PORT variables win over them', async () => {
    const root = findRepoRoot()
    const stackDir = mkdtempSync(join(tmpdir(), 'rv-stack-env-'))
    try {
      writeFileSync(
        join(stackDir, 'ports.env'),
        'KAFKA_PORT=19192\nAPICURIO_PORT=18181\nFERRETDB_PORT=27118\nS3_PORT=19100\n',
      )
      const { stdout } = await promisify(execFile)('bash', ['deploy/native/stack.sh', 'env'], {
        cwd: root,
        env: {
          // The caller's own STACK_* settings would win over the file and hide what is tested.
          ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STACK_'))),
          STACK_DIR: stackDir,
          STACK_FERRETDB_PORT: '29999',
        },
      })
      const stack = stackFromEnv(parseExportLines(stdout))
      expect(stack?.kafkaBrokers).toEqual(['127.0.0.1:19192'])
      expect(stack?.schemaRegistryUrl).toBe('http://127.0.0.1:18181/apis/ccompat/v7')
      expect(stack?.mongoUrl).toBe('mongodb://127.0.0.1:29999/')
      expect(stack?.s3.port).toBe(19100)
    } finally {
      rmSync(stackDir, { recursive: true, force: true })
    }
  })
})
