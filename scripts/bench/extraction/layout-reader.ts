/**
 * An independent, deliberately simple reader of `pdftotext -layout` output, used only by the extraction
 * benchmark to cross-check the real receipts without stored ground truth. It shares no code with
 * packages/core: its own label lists, its own column split, its own number parsing. It returns only the
 * fields it could read; the benchmark compares those.
 */
type Value = string | number | boolean | null
export type LayoutReading = Record<string, Value>

// Values are compared as printed: only spaces are folded (VTB's U+2011 hyphens stay).
const clean = (s: string) =>
  s
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/ +/g, ' ')
    .trim()

const banks: Record<string, string> = {
  сбербанк: 'sberbank',
  'альфа-банк': 'alfabank',
  'т-банк': 'tbank',
  'озон банк (ozon)': 'ozonbank',
  втб: 'vtb',
  газпромбанк: 'gazprombank',
}
const bankId = (s: string | null) =>
  s === null
    ? null
    : (banks[s.toLowerCase().replace(/[\u2010\u2011]/g, '-')] ?? s.replace(/[\u2010\u2011]/g, '-'))

function money(s: string | null): number | null {
  if (s === null) return null
  if (/^без комиссии$/i.test(s)) return 0
  const m = /^([\d ]+)(?:[.,](\d{1,2}))?\s*(₽|RUR|руб\.|i)$/.exec(s)
  if (!m) return null
  return Number(`${m[1]!.replace(/ /g, '')}.${m[2] ?? '0'}`)
}

/** `right` layouts: the value is the rest of the label's line, after a run of 2+ spaces. */
function rightValue(lines: string[], label: string): { value: string; index: number } | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (line.startsWith(`${label}  `) || line.startsWith(`${label} `)) {
      const rest = line.slice(label.length)
      if (/^\s{2,}|^ \S/.test(rest) && !/^ [а-яё]/.test(rest)) return { value: clean(rest), index: i }
    }
  }
  return null
}

function nextNonEmpty(lines: string[], from: number): string | null {
  for (let i = from + 1; i < lines.length && i <= from + 2; i++) if (lines[i]!.trim() !== '') return lines[i]!
  return null
}

/** Alfa's two-column grid: tokens of the value line are assigned to the nearest label column. */
function gridValue(lines: string[], label: string): string | null {
  for (let i = 0; i < lines.length; i++) {
    const labelLine = lines[i]!
    const at = labelLine.indexOf(label)
    if (
      at < 0 ||
      !(labelLine.slice(at + label.length).startsWith('  ') || labelLine.trimEnd().endsWith(label))
    )
      continue
    const columns = [...labelLine.matchAll(/\S+(?: \S+)*/g)].map((m) => m.index ?? 0)
    const valueLine = nextNonEmpty(lines, i)
    if (valueLine === null) return null
    const parts = [...valueLine.matchAll(/\S+(?: \S+)*/g)].filter((m) => {
      const offset = m.index ?? 0
      const nearest = columns.reduce((a, b) => (Math.abs(b - offset) < Math.abs(a - offset) ? b : a))
      return nearest === at
    })
    return parts.length === 0 ? null : clean(parts.map((p) => p[0]).join(' '))
  }
  return null
}

function belowValue(lines: string[], label: string): string | null {
  const i = lines.findIndex((l) => l.trim() === label)
  const next = i < 0 ? null : nextNonEmpty(lines, i)
  return next === null ? null : clean(next)
}

function readVtb(lines: string[]): LayoutReading {
  const v = (label: string) => rightValue(lines, label)?.value ?? null
  const out: LayoutReading = {
    amount: money(v('Сумма операции')),
    status_ok: v('Статус') === null ? null : v('Статус') === 'Выполнено',
    recipient_name: v('Получатель'),
    sender_name: v('Имя плательщика') ?? v('Отправитель'),
    recipient_account:
      v('Телефон получателя') ??
      v('Номер телефона получателя') ??
      v('Счет зачисления') ??
      v('Карта получателя'),
  }
  const id = rightValue(lines, 'ID операции в СБП')
  if (id) out['receipt_number'] = `${id.value}${clean(nextNonEmpty(lines, id.index) ?? '')}`
  const bank = v('Банк получателя')
  if (bank !== null) out['bank'] = bankId(bank)
  const commission = v('Комиссия')
  if (commission !== null) out['commission'] = money(commission)
  Object.assign(out, salaryPayer(lines))
  return out
}

/**
 * VTB salary credits: the centred text between the title and `Статус` is `[taxpayer number] <legal form>
 * "<name>" <purpose>`. Split here at the second quote mark, by character positions (core uses a pattern).
 */
function salaryPayer(lines: string[]): LayoutReading {
  const start = lines.findIndex((l) => l.trim() === 'Поступление заработной платы')
  const end = lines.findIndex((l) => l.trim().startsWith('Статус'))
  if (start < 0 || end <= start) return {}
  const text = clean(
    lines
      .slice(start + 1, end)
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join(' '),
  )
  const quotes = [...text].flatMap((ch, i) => ('"«»“”'.includes(ch) ? [i] : []))
  if (quotes.length < 2) return {}
  const close = quotes[1]!
  const words = text.slice(0, close + 1).split(' ')
  const payer = (/^\d+$/.test(words[0]!) ? words.slice(1) : words).join(' ')
  return { sender_name: payer, purpose: text.slice(close + 1).trim() }
}

function readAlfa(lines: string[]): LayoutReading {
  const g = (label: string) => gridValue(lines, label)
  const sbpId = g('Идентификатор операции в СБП')
  const operation = g('Номер операции в банке') ?? g('Номер операции')
  const out: LayoutReading = {
    amount: money(g('Сумма перевода') ?? g('Сумма платежа')),
    commission: money(g('Комиссия')),
    receipt_number: sbpId ?? operation,
    payment_reference: operation,
    recipient_name: g('Получатель') ?? g('Провайдер'),
    recipient_account: g('Номер телефона получателя') ?? g('Номер карты получателя') ?? g('Номер телефона'),
    purpose: g('Сообщение получателю'),
  }
  const bank = g('Банк получателя')
  if (bank !== null) out['bank'] = bankId(bank)
  return out
}

function readTbank(lines: string[]): LayoutReading {
  const v = (label: string) => rightValue(lines, label)?.value ?? null
  const id = rightValue(lines, 'Идентификатор операции')
  const tail = id ? /^СБП\s+(\S+)/.exec((nextNonEmpty(lines, id.index) ?? '').trim())?.[1] : undefined
  return {
    amount: money(v('Сумма')),
    commission: money(v('Комиссия')),
    status_ok: v('Статус') === null ? null : v('Статус') === 'Успешно',
    sender_name: v('Отправитель'),
    recipient_name: v('Получатель'),
    recipient_account: v('Телефон получателя'),
    bank: bankId(v('Банк получателя')),
    receipt_number: id && tail ? `${id.value}${tail}` : null,
    payment_reference: /Квитанция № (\S+)/.exec(lines.join('\n'))?.[1] ?? null,
  }
}

function readGazprombank(lines: string[]): LayoutReading {
  const b = (label: string) => belowValue(lines, label)
  return {
    amount: money(b('Сумма:')),
    commission: money(b('Сумма комиссии:')),
    status_ok: b('Статус операции:') === null ? null : b('Статус операции:') === 'Операция выполнена',
    recipient_account: b('Номер телефона получателя:'),
    recipient_name: b('Ф.И.О. получателя:'),
    sender_name: b('Ф.И.О. отправителя:'),
    bank: bankId(b('Банк получателя:')),
    receipt_number: b('Номер операции СБП:'),
  }
}

export function readLayoutText(family: string, text: string): LayoutReading {
  const lines = text.split('\n')
  switch (family) {
    case 'vtb':
      return readVtb(lines)
    case 'alfa':
      return readAlfa(lines)
    case 'tbank':
      return readTbank(lines)
    case 'gazprombank':
      return readGazprombank(lines)
    default:
      return {}
  }
}
