/**
 * Amount, total and commission on a receipt of an unknown layout. The record's `amount` is the transfer
 * amount, commission excluded: a printed amount (`Сумма`, `Сумма перевода`) is taken as it is; a total
 * (`Итого`, `Сумма с комиссией`) stands in only when no amount is printed, less the printed commission.
 */
import type { FieldReading } from './read-family-fields'

export function readGenericAmount(
  amount: FieldReading | null,
  total: FieldReading | null,
  commission: FieldReading | undefined,
): FieldReading | null {
  if (amount) return amount
  if (total?.value?.kind !== 'money') return null
  const fee = commission?.value?.kind === 'money' ? commission.value.money : null
  if (!fee || fee.value === 0) return total
  if (fee.currency && total.value.money.currency && fee.currency !== total.value.money.currency) return null
  // Kopecks exact: the difference of two two-decimal amounts, rounded back to kopecks.
  const value = Math.round((total.value.money.value - fee.value) * 100) / 100
  if (value <= 0) return null
  return { ...total, value: { kind: 'money', money: { ...total.value.money, value } } }
}
