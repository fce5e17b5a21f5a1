/**
 * Forgeries made by passing a receipt through other software: qpdf, Ghostscript, LibreOffice, Chromium
 * and a rasterise-and-wrap pipeline. A missing program makes the technique report `skipped`.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { parsePdfStructure } from '@rv/core/pdf'
import { type ForgeryInput, skipped, type Technique } from './technique-types'

const run = promisify(execFile)

export async function hasTool(tool: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${tool}`])
    return true
  } catch {
    return false
  }
}

function toolTechnique(
  id: string,
  label: string,
  tool: string,
  convert: (inPath: string, dir: string, input: ForgeryInput) => Promise<string>,
): Technique {
  return {
    id,
    label,
    tool,
    async apply(input, context) {
      if (!(await hasTool(tool))) return skipped(`${tool} is not installed`)
      const dir = context.tmpDir
      const inPath = join(dir, `${id}-in.pdf`)
      writeFileSync(inPath, input.bytes)
      try {
        const out = await convert(inPath, dir, input)
        if (!existsSync(out)) return skipped(`${tool} produced no file`)
        return {
          ok: true,
          bytes: new Uint8Array(readFileSync(out)),
          filename: input.filename,
          note: `re-saved with ${tool}`,
        }
      } catch (e) {
        return skipped(`${tool} failed: ${(e as Error).message.split('\n')[0]}`)
      }
    },
  }
}

const TIMEOUT = { timeout: 120_000 }

export const resaveQpdf = toolTechnique(
  'resave_qpdf',
  're-saved through qpdf',
  'qpdf',
  async (inPath, dir) => {
    const out = join(dir, 'qpdf-out.pdf')
    await run('qpdf', [inPath, out], TIMEOUT).catch((e: { code?: number }) => {
      if (e.code !== 3) throw e // 3 = warnings, output written
    })
    return out
  },
)

export const resaveGhostscript = toolTechnique(
  'resave_ghostscript',
  're-saved through Ghostscript pdfwrite',
  'gs',
  async (inPath, dir) => {
    const out = join(dir, 'gs-out.pdf')
    await run(
      'gs',
      ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${out}`, inPath],
      TIMEOUT,
    )
    return out
  },
)

export const resaveLibreOffice = toolTechnique(
  'resave_libreoffice',
  'opened in LibreOffice Draw and exported to PDF',
  'soffice',
  async (inPath, dir) => {
    const outDir = join(dir, 'lo-out')
    await run(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'lo-profile')}`,
        '--convert-to',
        'pdf:draw_pdf_Export',
        '--outdir',
        outDir,
        inPath,
      ],
      TIMEOUT,
    )
    const produced = existsSync(outDir) ? readdirSync(outDir).find((f) => f.endsWith('.pdf')) : undefined
    return produced ? join(outDir, produced) : join(outDir, 'missing.pdf')
  },
)

async function rasterise(inPath: string, dir: string): Promise<string> {
  const prefix = join(dir, 'page')
  await run('pdftoppm', ['-r', '150', '-png', '-singlefile', inPath, prefix], TIMEOUT)
  return `${prefix}.png`
}

export const imageOnly = toolTechnique(
  'image_only',
  'page rendered to an image and wrapped as an image-only PDF',
  'img2pdf',
  async (inPath, dir) => {
    if (!(await hasTool('pdftoppm'))) throw new Error('pdftoppm is not installed')
    const png = await rasterise(inPath, dir)
    const out = join(dir, 'img-out.pdf')
    await run('img2pdf', [png, '-o', out], TIMEOUT)
    return out
  },
)

export const printChromium = toolTechnique(
  'print_chromium',
  'page rendered and printed to PDF by headless Chromium',
  'chromium',
  async (inPath, dir, input) => {
    if (!(await hasTool('pdftoppm'))) throw new Error('pdftoppm is not installed')
    const png = await rasterise(inPath, dir)
    const page = parsePdfStructure(input.bytes).pages[0]!
    const html = join(dir, 'page.html')
    writeFileSync(
      html,
      `<!doctype html><html><head><style>@page { size: ${page.width}pt ${page.height}pt; margin: 0 } body { margin: 0 } img { width: ${page.width}pt; height: ${page.height}pt; display: block }</style></head><body><img src="${basename(png)}"></body></html>`,
    )
    const out = join(dir, 'chromium-out.pdf')
    await run(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${join(dir, 'chromium-profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
        `file://${html}`,
      ],
      TIMEOUT,
    )
    return out
  },
)
