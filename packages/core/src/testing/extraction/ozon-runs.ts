/**
 * For tests: an Ozon Bank outgoing SBP receipt's runs (FAMILIES.md positions, fake values). `withDate: false`
 * leaves out the light grey `Перевод` + date row, as a picture's first OCR pass may drop it.
 */
import { type RunSpec, rightLayoutRows } from './synthetic-model'

export const ozonPage = { width: 373.92, height: 877.92 }

export function ozonRuns(options: { withDate?: boolean } = {}): RunSpec[] {
  const date: RunSpec[] = [
    { text: 'Перевод', x: 23.9, y: 110, size: 13.95 },
    { text: '08.03.2026 15:31', right: 349.8, y: 110, size: 13.95 },
  ]
  return [
    ...(options.withDate === false ? [] : date),
    { text: 'Итого', x: 23.9, y: 145, size: 23.9 },
    { text: '50 ₽', right: 349.8, y: 145, size: 23.9 },
    ...rightLayoutRows(
      [
        ['Статус', 'Успешно'],
        ['Счёт списания', 'Основной счёт'],
        ['Сумма', '50 ₽'],
        ['Комиссия', 'Без комиссии'],
        ['Получатель', 'Олег Петрович К.'],
        ['Телефон получателя', '+7 (900) 333-44-55'],
        ['Банк получателя', 'Т-Банк'],
        ['Отправитель', 'Глеб Аркадьевич Н.'],
        ['ID операции', 'B6067123105K7Q2P0000180011700501'],
      ],
      { labelX: 23.9, valueRight: 349.8, top: 208.8, pitch: 33.9, size: 13.95 },
    ),
    { text: 'По вопросам зачисления обращайтесь к получателю', x: 40, y: 537, size: 11.96 },
    { text: 'Служба поддержки Ozon Банка: 8 (800) 555-89-82', x: 45, y: 561, size: 11.96 },
  ]
}
