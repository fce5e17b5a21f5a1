import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describeConfig } from '@rv/config'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './start-services'

describe('services/README.md', () => {
  it('documents every configuration variable the services read', () => {
    const readme = readFileSync(resolve(repoRoot, 'services/README.md'), 'utf8')
    const missing = describeConfig()
      .map((d) => d.name)
      .filter((name) => !new RegExp(`\\|\\s*\`${name}\`\\s*\\|`).test(readme))
    expect(missing).toEqual([])
  })
})
