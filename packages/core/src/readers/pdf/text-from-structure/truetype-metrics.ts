/**
 * The vertical metrics pdf.js takes from an embedded TrueType program once it has repaired it
 * (`checkAndRepair`: hhea ascent over head unitsPerEm). Only plain TrueType programs are read: the glyf
 * outline flavour with the tables pdf.js requires; anything it would convert or rebuild is refused (null).
 */
export interface TrueTypeMetrics {
  ascent: number
  unitsPerEm: number
}

const required = ['head', 'hhea', 'maxp', 'loca', 'glyf']

export function readTrueTypeMetrics(data: Uint8Array): TrueTypeMetrics | null {
  if (data.length < 12) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const version = view.getUint32(0)
  if (version !== 0x00010000 && version !== 0x74727565) return null
  const numTables = view.getUint16(4)
  if (12 + numTables * 16 > data.length) return null
  const tables = new Map<string, number>()
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16
    const tag = String.fromCharCode(data[rec]!, data[rec + 1]!, data[rec + 2]!, data[rec + 3]!)
    const offset = view.getUint32(rec + 8)
    const length = view.getUint32(rec + 12)
    if (offset + length > data.length) return null
    tables.set(tag, offset)
  }
  if (tables.has('CFF ') || !required.every((tag) => tables.has(tag))) return null
  const head = tables.get('head')!
  const hhea = tables.get('hhea')!
  if (head + 54 > data.length || hhea + 36 > data.length) return null
  const unitsPerEm = view.getUint16(head + 18)
  if (unitsPerEm < 16 || unitsPerEm > 16384) return null
  return { ascent: view.getInt16(hhea + 4), unitsPerEm }
}
