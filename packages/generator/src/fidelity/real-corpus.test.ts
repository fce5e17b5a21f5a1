import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateReceipt } from '../index'
import { type BboxLine, bboxLines, hasPdfTools, pdffonts, pdfinfo } from './poppler'
import { rawFacts } from './raw-structure'

/**
 * Side by side with the real development split (read in place, never copied): each real receipt and a synthetic
 * one of the same variant must agree on container facts and on where the template's labels sit. Only template
 * facts are compared and reported (producer, font names, label names and coordinates), never personal values.
 * Skips when ../shared/corpus/real is absent.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
const realDir = join(repoRoot, '..', 'shared', 'corpus', 'real')
const available = existsSync(join(realDir, 'MANIFEST.tsv')) && hasPdfTools()

const variantOf: Record<string, string> = {
  'Исходящий перевод СБП': 'sbp_outgoing',
  'По номеру телефона клиенту ВТБ': 'vtb_client',
  'Входящий перевод СБП': 'sbp_incoming',
  'Поступление заработной платы': 'salary',
  'По номеру телефона в другую страну': 'abroad_phone',
  'Перевод по номеру телефона в другую страну': 'abroad_phone',
  'Квитанция о переводе по СБП': 'sbp',
  'Квитанция о переводе клиенту Альфа-Банка': 'alfa_client',
  'Квитанция о переводе с карты на карту': 'card_to_card',
  'Квитанция об оплате мобильной связи': 'mobile',
  'Квитанция о переводе за рубеж по номеру телефона': 'abroad_phone',
  sbp: 'sbp',
}

/** Labels whose position does not depend on the values above them (no wraps before them). */
const stableLabels: Record<string, string[]> = {
  vtb: ['Статус', 'Дата операции'],
  alfa: ['Сумма перевода', 'Сумма платежа', 'Комиссия', 'Сформирована'],
  tbank: [
    'Перевод',
    'Статус',
    'Сумма',
    'Комиссия',
    'Отправитель',
    'Телефон получателя',
    'Получатель',
    'Банк получателя',
    'Счет списания',
    'Идентификатор операции',
    'Квитанция №',
  ],
  gazprombank: [
    'Чек по операции',
    'Дата и время операции:',
    'Тип операции:',
    'Статус операции:',
    'Реквизиты карты списания:',
    'Номер телефона получателя:',
    'Ф.И.О. получателя:',
    'Банк получателя:',
    'Ф.И.О. отправителя:',
    'Сумма:',
    'Сумма комиссии:',
    'Сумма с учётом комиссии:',
    'Номер операции СБП:',
  ],
}

interface RealEntry {
  file: string
  bank: string
  variant: string
}

function manifest(): RealEntry[] {
  if (!available) return []
  return readFileSync(join(realDir, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .map(([file, bank, title]) => ({
      file: file!,
      bank: bank!,
      variant: variantOf[title!.replace(/ \[.*\]$/, '')] ?? '',
    }))
    .filter((e) => e.variant)
}

const firstLine = (lines: BboxLine[], label: string): BboxLine | undefined =>
  lines.find((l) => l.text === label || l.text.startsWith(`${label} `))

/** The stable labels printed above a line, in order. */
const labelsAbove = (lines: BboxLine[], labels: readonly string[], yMin: number): string =>
  labels
    .map((label) => [label, firstLine(lines, label)?.yMin] as const)
    .filter((x): x is readonly [string, number] => x[1] !== undefined && x[1] < yMin - 0.5)
    .sort((a, b) => a[1] - b[1])
    .map(([label]) => label)
    .join('|')

/**
 * The third source's rows (`kit-donor_*`) name every T-Bank transfer `sbp`, the kit's word for any transfer; the
 * generator's `sbp` is an SBP transfer, so a row whose receipt prints no SBP id is another variant.
 */
const isSbpReceipt = (lines: BboxLine[]): boolean => firstLine(lines, 'Идентификатор операции') !== undefined

describe.skipIf(!available)('synthetic receipts beside the real development split', () => {
  it.each(manifest().map((e, i) => [`real #${i + 1} (${e.bank}/${e.variant})`, e] as const))(
    '%s',
    async (_n, e) => {
      const realPath = join(realDir, e.file)
      if (e.file.includes('kit-donor_') && !isSbpReceipt(bboxLines(realPath))) return
      const synthetic = generateReceipt({ family: e.bank, variant: e.variant, seed: 'beside-real' })
      const { writeTemp } = await import('./poppler')
      const synthPath = writeTemp(synthetic.pdf)
      const [ri, si] = [pdfinfo(realPath), pdfinfo(synthPath)]
      for (const key of [
        'Producer',
        'Creator',
        'PDF version',
        'Custom Metadata',
        'Metadata Stream',
        'Tagged',
        'Pages',
      ]) {
        expect(si[key], key).toBe(ri[key])
      }
      expect(si['CreationDate'] === undefined, 'CreationDate presence').toBe(ri['CreationDate'] === undefined)
      expect(si['ModDate'] === undefined, 'ModDate presence').toBe(ri['ModDate'] === undefined)
      expect(si['Page size']!.split(' x ')[0], 'page width').toBe(ri['Page size']!.split(' x ')[0])
      const fonts = (p: string): string[] =>
        pdffonts(p)
          .map((f) => `${f.name.replace(/^[A-Z]{6}\+/, '')} ${f.type} ${f.encoding} ${f.uni}`)
          .sort()
      expect(fonts(synthPath)).toEqual(fonts(realPath))
      const [rf, sf] = [rawFacts(new Uint8Array(readFileSync(realPath))), rawFacts(synthetic.pdf)]
      expect(sf.header).toBe(rf.header)
      expect(sf.id === null).toBe(rf.id === null)
      if (rf.id && sf.id) expect(sf.id[0] === sf.id[1]).toBe(rf.id[0] === rf.id[1])
      // Alfa has 15 objects when the stamp image is missing; otherwise the counts are fixed per bank.
      expect(Math.abs(sf.objectCount - rf.objectCount)).toBeLessThanOrEqual(1)
      const [rl, sl] = [bboxLines(realPath), bboxLines(synthPath)]
      const labels = stableLabels[e.bank] ?? []
      for (const label of labels) {
        const [r, s] = [firstLine(rl, label), firstLine(sl, label)]
        if (!r || !s) continue
        // A label sits where the template puts it given the rows above it: a build that orders its rows otherwise
        // (T-Bank's id above the account, 1 of 14 real files) is another template, compared only where the
        // rows above agree.
        if (labelsAbove(rl, labels, r.yMin) !== labelsAbove(sl, labels, s.yMin)) continue
        expect(Math.abs(s.yMin - r.yMin), `${label} yMin`).toBeLessThan(1.5)
        if (label !== 'Сформирована' && label !== 'Чек по операции')
          expect(Math.abs(s.xMin - r.xMin), `${label} xMin`).toBeLessThan(1)
      }
    },
  )
})
