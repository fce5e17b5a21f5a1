/** A page's resources as the structure records them: its fonts, its images and the names of its forms. */
import { readFont } from './fonts'
import type { ObjectStore } from './object-store'
import { nameOf, numberOf, type PdfDict } from './pdf-values'
import type { PdfFontInfo, PdfImageInfo } from './structure-types'

/** Every font of the /Font resource dictionary that resolves to a dictionary, in dictionary order. */
export function readPageFonts(store: ObjectStore, resources: PdfDict | null): PdfFontInfo[] {
  const fonts = []
  const fontDict = store.dict(resources?.map.get('Font'))
  for (const [name, ref] of fontDict?.map ?? []) {
    const font = store.dict(ref)
    if (font) fonts.push(readFont(store, name, font))
  }
  return fonts
}

function imageInfo(store: ObjectStore, name: string, x: PdfDict): PdfImageInfo {
  const filter = store.resolve(x.map.get('Filter'))
  const cs = store.resolve(x.map.get('ColorSpace'))
  return {
    resource: name,
    width: numberOf(store.resolve(x.map.get('Width'))) ?? 0,
    height: numberOf(store.resolve(x.map.get('Height'))) ?? 0,
    bitsPerComponent: numberOf(store.resolve(x.map.get('BitsPerComponent'))),
    colorSpace: nameOf(cs) ?? (Array.isArray(cs) ? nameOf(store.resolve(cs[0])) : null),
    filters: (Array.isArray(filter) ? filter : [filter])
      .map((f) => nameOf(f))
      .filter((f): f is string => f !== null),
    hasSMask: x.map.has('SMask'),
  }
}

/** The /XObject resources: images described, forms by resource name. */
export function readPageXObjects(
  store: ObjectStore,
  resources: PdfDict | null,
): { images: PdfImageInfo[]; forms: string[] } {
  const images: PdfImageInfo[] = []
  const forms: string[] = []
  const xobjects = store.dict(resources?.map.get('XObject'))
  for (const [name, ref] of xobjects?.map ?? []) {
    const x = store.dict(ref)
    if (!x) continue
    const subtype = nameOf(x.map.get('Subtype'))
    if (subtype === 'Form') forms.push(name)
    if (subtype !== 'Image') continue
    images.push(imageInfo(store, name, x))
  }
  return { images, forms }
}
