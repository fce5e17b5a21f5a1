/**
 * Amount patches whose edited content stream is re-compressed by another deflater than the generator's:
 * classic zlib at another level (1 or 9 instead of the generator's 6), Node's zlib (Chromium's fork) and
 * fflate (jsPDF's deflater). Only the edited stream is rewritten, as an editor that saves dirty streams
 * does; fonts, images and the other objects keep the generator's bytes.
 */
import { deflateSync } from 'node:zlib'
import { zlibSync } from 'fflate'
import { deflate } from 'pako'
import { pageTechnique, patchAmount, result } from './edit-techniques'
import { PageEditor } from './page-editor'
import { type Deflater, PdfFile } from './pdf-file'
import { skipped, type Technique } from './technique-types'

function recompressed(id: string, label: string, deflater: Deflater): Technique {
  return pageTechnique(id, label, (file, editor, input) => {
    const note = patchAmount(editor, input.family, true)
    if (!note) return skipped('no amount drawable with the subset')
    const objects = editor.editedContentObjects(deflater)
    return result(file.rewrite(objects), input.filename, `${note}; ${objects.size} stream(s) re-compressed`)
  })
}

export const recompressZlibLevel1 = recompressed(
  'recompress_zlib_l1',
  'amount changed, the edited content stream re-compressed with classic zlib at level 1 (fastest)',
  (d) => deflate(d, { level: 1 }),
)

export const recompressZlibLevel9 = recompressed(
  'recompress_zlib_l9',
  'amount changed, the edited content stream re-compressed with classic zlib at level 9 (best)',
  (d) => deflate(d, { level: 9 }),
)

export const recompressNodeLevel1 = recompressed(
  'recompress_node_l1',
  "amount changed, the edited content stream re-compressed with Node's zlib (Chromium fork) at level 1",
  (d) => new Uint8Array(deflateSync(d, { level: 1 })),
)

export const recompressFflate = recompressed(
  'recompress_fflate',
  'amount changed, the edited content stream re-compressed with fflate (the deflater of jsPDF) at level 6',
  (d) => zlibSync(d, { level: 6 }),
)
