/**
 * Files a bundle loads beside itself at run time, by `new URL('./<name>', import.meta.url)`: once bundled,
 * `import.meta.url` is the service's `dist/main.js`, so each must be written into `dist/` under that name.
 * Each is needed when the bundle contains the `source` that loads it. A bundle naming a file that is not
 * there fails the build (see `missingSiblings`), so a new one cannot be forgotten here silently.
 */
export interface Companion {
  /** The source file that loads it (relative to the repository's root). */
  loadedBy: string
  /** The name it is loaded by, next to main.js. */
  name: string
  /** Bundled from this TypeScript entry, or copied as it is (plain JavaScript with no imports to resolve). */
  bundle?: string
  copy?: string
}

export const companions: readonly Companion[] = [
  {
    loadedBy: 'packages/pdf-worker/src/pdf-parser.ts',
    name: 'parse-worker.mjs',
    bundle: 'packages/pdf-worker/src/parse-worker-loop.ts',
  },
  {
    loadedBy: 'packages/ocr/src/decode-heic.ts',
    name: 'heic-worker.cjs',
    copy: 'packages/ocr/src/heic-worker.cjs',
  },
]

const siblingUrl = /new URL\(\s*["']\.\/([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g

/** The names a bundle loads by `new URL('./name', import.meta.url)` that `present` lacks. */
export function missingSiblings(bundleText: string, present: ReadonlySet<string>): string[] {
  return [...bundleText.matchAll(siblingUrl)].map((m) => m[1] ?? '').filter((name) => !present.has(name))
}
