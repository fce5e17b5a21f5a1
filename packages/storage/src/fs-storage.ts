import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { type FileStorage, StorageError } from './storage-port'

/**
 * The local-folder adapter, for development without an S3 server and for handler unit tests that need
 * a real store of bytes. Content type is not kept.
 *
 * @example
 * const storage = createFsStorage({ root: '.data/files' })
 */
export function createFsStorage(options: { root: string }): FileStorage {
  const root = resolve(options.root)

  function pathOf(key: string): string {
    const path = resolve(join(root, key))
    if (!path.startsWith(`${root}/`)) throw new StorageError('not_found', `key escapes the root: ${key}`)
    return path
  }

  return {
    bucket: root,
    async ensure() {
      await mkdir(root, { recursive: true })
    },
    async put(key, bytes, contentType) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, bytes)
      return { key, size: bytes.byteLength, contentType }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if (error instanceof StorageError) throw error
        if ((error as { code?: string }).code === 'ENOENT')
          throw new StorageError('not_found', `no object ${key}`)
        throw new StorageError('unavailable', `cannot read ${key}`, { cause: error })
      }
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key))
        return { key, size: s.size, contentType: undefined }
      } catch {
        return undefined
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async removePrefix(prefix) {
      if (prefix.length === 0) throw new Error('removePrefix refuses the empty prefix (the whole folder)')
      const dir = pathOf(prefix.replace(/\/$/, ''))
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
      const files = entries.filter((e) => e.isFile()).length
      await rm(dir, { recursive: true, force: true })
      return files
    },
    async ping() {
      await stat(root)
    },
  }
}
