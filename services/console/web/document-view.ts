import { relativeBox } from '@rv/core/review'
import { h } from './dom'
import type { ExplainedCheck } from './view-types'

/**
 * The document with its evidence: every page of a PDF rendered by pdf.js into a canvas (or the picture),
 * each in a box whose overlays are placed in fractions of the page, so they stay on their words at any
 * zoom. An overlay and its check point at each other (`data-check`, `aria-describedby`).
 */
export async function renderDocument(
  container: HTMLElement,
  file: { bytes: Uint8Array; contentType: string },
  checks: readonly ExplainedCheck[],
  zoom: number,
  onSelect: (checkName: string) => void,
): Promise<void> {
  container.replaceChildren()
  if (file.contentType === 'application/pdf') {
    const pdfjsUrl = '/vendor/pdf.min.mjs'
    const pdfjs = (await import(pdfjsUrl)) as PdfJs.Module
    pdfjs.GlobalWorkerOptions.workerSrc = '/vendor/pdf.worker.min.mjs'
    const doc = await pdfjs.getDocument({ data: file.bytes, isEvalSupported: false }).promise
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view
      const size = { width: x1 - x0, height: y1 - y0 }
      const ratio = window.devicePixelRatio || 1
      const viewport = page.getViewport({ scale: zoom * ratio })
      const canvas = h('canvas', { width: Math.floor(viewport.width), height: Math.floor(viewport.height) })
      canvas.style.width = `${size.width * zoom}px`
      canvas.style.height = `${size.height * zoom}px`
      const context = canvas.getContext('2d')
      if (context) await page.render({ canvasContext: context, viewport, canvas }).promise
      container.append(pageFrame(n, canvas, size, zoom, checks, onSelect))
    }
    return
  }
  const url = URL.createObjectURL(
    new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }),
  )
  const img = h('img', { src: url, alt: 'The submitted picture' })
  await img.decode().catch(() => undefined)
  const size = { width: img.naturalWidth || 1, height: img.naturalHeight || 1 }
  img.style.width = `${size.width * zoom}px`
  container.append(pageFrame(1, img, size, zoom, checks, onSelect))
}

function pageFrame(
  n: number,
  surface: HTMLElement,
  size: { width: number; height: number },
  zoom: number,
  checks: readonly ExplainedCheck[],
  onSelect: (checkName: string) => void,
): HTMLElement {
  const frame = h('div', { class: 'page', 'data-page': n, role: 'group', 'aria-label': `Page ${n}` }, surface)
  frame.style.width = `${size.width * zoom}px`
  checks.forEach((check) => {
    for (const box of check.boxes.filter((b) => b.page === n)) {
      const r = relativeBox(box, size)
      const overlay = h('button', {
        type: 'button',
        class: `evidence${check.hard ? ' hard' : ''}`,
        'data-check': check.name,
        'aria-label': `Evidence of ${check.name}${'field' in box && box.field ? ` (${box.field})` : ''}`,
        'aria-describedby': `check-${cssId(check.name)}`,
        onclick: () => onSelect(check.name),
      })
      overlay.style.left = `${r.left * 100}%`
      overlay.style.top = `${r.top * 100}%`
      overlay.style.width = `${r.width * 100}%`
      overlay.style.height = `${r.height * 100}%`
      frame.append(overlay)
    }
  })
  return frame
}

export const cssId = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '-')
