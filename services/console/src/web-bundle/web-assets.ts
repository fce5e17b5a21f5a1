import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface WebAsset {
  body: string | Uint8Array
  type: string
}

const webDir = join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'web')

/**
 * The console's folder: the nearest one holding a package.json. This module runs from src/web-bundle/ in
 * development and from the bundle dist/main.js in production, at different depths.
 */
function packageRoot(from: string): string {
  return existsSync(join(from, 'package.json')) || dirname(from) === from ? from : packageRoot(dirname(from))
}

/**
 * The browser application: web/main.ts bundled by esbuild once at start (plain TypeScript modules, no
 * framework), the page and its styles, and pdf.js (`pdfjs-dist`'s own ES module build and worker), all
 * served from the console's origin.
 */
export async function buildWebAssets(): Promise<Map<string, WebAsset>> {
  const bundle = await build({
    entryPoints: [join(webDir, 'main.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    minify: false,
    sourcemap: false,
    external: ['/vendor/*'],
  })
  const pdfjs = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  const js = 'text/javascript; charset=utf-8'
  return new Map<string, WebAsset>([
    ['/', { body: await readFile(join(webDir, 'index.html'), 'utf8'), type: 'text/html; charset=utf-8' }],
    ['/app.js', { body: bundle.outputFiles[0]?.text ?? '', type: js }],
    [
      '/styles.css',
      { body: await readFile(join(webDir, 'styles.css'), 'utf8'), type: 'text/css; charset=utf-8' },
    ],
    ['/vendor/pdf.min.mjs', { body: await readFile(join(pdfjs, 'build/pdf.min.mjs')), type: js }],
    [
      '/vendor/pdf.worker.min.mjs',
      { body: await readFile(join(pdfjs, 'build/pdf.worker.min.mjs')), type: js },
    ],
  ])
}
