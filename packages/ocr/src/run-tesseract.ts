/**
 * Runs the `tesseract` command (Tesseract 5, Debian's rus + eng models; scripts/install/ocr.sh) on a PNG
 * given on stdin and returns its TSV. One thread (OMP_THREAD_LIMIT=1): the machine runs several stages and
 * checks at once, and tesseract's OpenMP threads make each slower under load, not faster.
 */
import { spawn } from 'node:child_process'

export interface TesseractOptions {
  languages?: string
  /** Page segmentation mode: 3 = automatic, 4 = one column of variable-size text, 6 = one uniform block. */
  psm?: number
  timeoutMs?: number
  /** Engine variables (`-c name=value`), e.g. `tessedit_char_whitelist`. */
  variables?: Readonly<Record<string, string>>
  /** The command (default `tesseract` on PATH). */
  command?: string
}

export class OcrEngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'OcrEngineError'
  }
}

export function runTesseract(png: Uint8Array, options: TesseractOptions = {}): Promise<string> {
  const args = ['stdin', 'stdout', '-l', options.languages ?? 'rus+eng', '--psm', String(options.psm ?? 3)]
  args.push('-c', 'preserve_interword_spaces=0')
  for (const [name, value] of Object.entries(options.variables ?? {})) args.push('-c', `${name}=${value}`)
  args.push('tsv')
  return new Promise((resolve, reject) => {
    // Through env(1): the thread limit is added to the inherited environment without this code reading it.
    const child = spawn('env', ['OMP_THREAD_LIMIT=1', options.command ?? 'tesseract', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 120_000,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) =>
      reject(new OcrEngineError(`tesseract could not start: ${error.message}`, { cause: error })),
    )
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'))
      const detail = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-2).join(' ')
      reject(new OcrEngineError(`tesseract exited ${code ?? signal}: ${detail}`))
    })
    child.stdin.on('error', () => {})
    child.stdin.end(png)
  })
}
