/**
 * Builds PdfModels from hand-placed text runs, for tests: the shapes follow FAMILIES.md (positions, sizes,
 * fonts), the values are fake. Widths are estimated (half an em per character), which is all the layout
 * rules need.
 */
import type { PdfModel, TextRun } from '../../vocabulary/pdf-model'

export interface RunSpec {
  text: string
  x?: number
  /** Right edge for right-aligned values (x is then derived). */
  right?: number
  y: number
  size?: number
  font?: string
}

export interface ModelSpec {
  width: number
  height: number
  info?: Record<string, string>
  runs: RunSpec[]
}

export function estimateWidth(text: string, size: number): number {
  return Math.round(text.length * size * 0.5 * 100) / 100
}

export function syntheticModel(spec: ModelSpec): PdfModel {
  const runs: TextRun[] = spec.runs.map((r) => {
    const size = r.size ?? 9
    const width = estimateWidth(r.text, size)
    const x = r.x ?? (r.right ?? spec.width) - width
    return {
      page: 0,
      text: r.text,
      x,
      y: r.y,
      width,
      height: size,
      fontName: r.font ?? 'SyntheticSans',
      fontSize: size,
    }
  })
  return {
    byteLength: 0,
    pages: [{ index: 0, width: spec.width, height: spec.height }],
    info: spec.info ?? {},
    runs,
    structure: null,
  }
}

/** Rows of a `right` layout: label at `labelX`, value right-aligned to `valueRight`, one row every `pitch`. */
export function rightLayoutRows(
  rows: readonly (readonly [string, string] | readonly [string, string, string])[],
  options: { labelX: number; valueRight: number; top: number; pitch: number; size?: number },
): RunSpec[] {
  const runs: RunSpec[] = []
  let y = options.top
  for (const [label, value, continuation] of rows) {
    runs.push({ text: label, x: options.labelX, y, size: options.size })
    runs.push({ text: value, right: options.valueRight, y: y - 0.8, size: options.size })
    if (continuation) {
      runs.push({ text: continuation, right: options.valueRight, y: y + 11.2, size: options.size })
      y += 12
    }
    y += options.pitch
  }
  return runs
}

/**
 * A VTB outgoing SBP receipt's shape (FAMILIES.md) with fake values: title, the labelled rows of a `right`
 * layout, the SBP id over two rows (25 + 7 characters), and the amount's own row.
 */
export function vtbOutgoingModel(
  values: { recipient?: string; id?: string; amount?: string; phone?: string } = {},
): PdfModel {
  const id = values.id ?? 'B6042071012K4Q270000070017001011'
  return syntheticModel({
    width: 281.2125,
    height: 437.25,
    runs: [
      { text: 'Исходящий перевод СБП', x: 70, y: 82, size: 10.5 },
      ...rightLayoutRows(
        [
          ['Статус', 'Выполнено'],
          ['Дата операции', '11.02.2026, 10:10'],
          ['Счет списания', '*1234'],
          ['Имя плательщика', 'Пётр Сергеевич Л.'],
          ['Получатель', values.recipient ?? 'Saidov Z.'],
          ['Телефон получателя', values.phone ?? '+7 (900) 123-45-67'],
          ['Банк получателя', 'Сбербанк'],
          ['ID операции в СБП', id.slice(0, 25), id.slice(25)],
        ],
        { labelX: 24.75, valueRight: 257.07, top: 130.2, pitch: 24 },
      ),
      { text: 'Сумма операции', x: 24.75, y: 350, size: 13.5 },
      { text: values.amount ?? '160 ₽', right: 257.07, y: 349.2, size: 13.5 },
    ],
  })
}
