import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Thin wrappers over poppler-utils and qpdf (installed by scripts/install/pdf-tools.sh), the independent readers
 * the fidelity tests judge synthetic receipts with — the same tools FAMILIES.md's facts were measured with.
 */
export const hasPdfTools = (): boolean =>
  ['pdftotext', 'pdfinfo', 'pdffonts', 'qpdf'].every((t) => spawnSync('which', [t]).status === 0)

const dir = (): string => mkdtempSync(join(tmpdir(), 'rv-generator-'))

export function writeTemp(pdf: Uint8Array, name = 'receipt.pdf'): string {
  const path = join(dir(), name)
  writeFileSync(path, pdf)
  return path
}

const run = (cmd: string, args: string[]): string => execFileSync(cmd, args, { encoding: 'utf8' })

export function pdfinfo(path: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of run('pdfinfo', [path]).split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line)
    if (m) out[m[1]!.trim()] = m[2]!.trim()
  }
  return out
}

export interface FontRow {
  name: string
  type: string
  encoding: string
  emb: string
  sub: string
  uni: string
}

export function pdffonts(path: string): FontRow[] {
  const lines = run('pdffonts', [path]).split('\n').slice(2).filter(Boolean)
  return lines.map((l) => {
    // Columns are fixed-width: name 37, type 18, encoding 17, then emb/sub/uni.
    const rest = l.slice(72).trim().split(/\s+/)
    return {
      name: l.slice(0, 37).trim(),
      type: l.slice(37, 55).trim(),
      encoding: l.slice(55, 72).trim(),
      emb: rest[0]!,
      sub: rest[1]!,
      uni: rest[2]!,
    }
  })
}

export const pdftotextLayout = (path: string): string => run('pdftotext', ['-layout', path, '-'])

export interface BboxLine {
  xMin: number
  yMin: number
  xMax: number
  text: string
}

/** Lines of `pdftotext -bbox-layout` (origin top-left), in reading order. */
export function bboxLines(path: string): BboxLine[] {
  const xml = run('pdftotext', ['-bbox-layout', path, '-'])
  const lines: BboxLine[] = []
  for (const m of xml.matchAll(
    /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([\s\S]*?)<\/line>/g,
  )) {
    const words = [...m[4]!.matchAll(/>([^<]*)<\/word>/g)].map((w) => decodeXml(w[1]!))
    lines.push({ xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, text: words.join(' ') })
  }
  return lines
}

const decodeXml = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

export function qpdfCheck(path: string): { ok: boolean; pages: number } {
  const check = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' })
  const pages = Number(run('qpdf', ['--show-npages', path]).trim())
  return { ok: check.status === 0 && !/WARNING|ERROR/i.test(check.stderr), pages }
}
