/**
 * The receipts a run submits, generated before it starts (generation is CPU work that must not land in
 * the measured window). Distinct seeds, round robin over every family the generator knows, so no two
 * submissions share a file, an operation id or a replay key.
 */
import { generateReceipt, generatorFamilies } from '@rv/generator'

export interface LoadReceipt {
  pdf: Uint8Array
  filename: string
}

export function generateLoadReceipts(count: number, runId: string): LoadReceipt[] {
  return Array.from({ length: count }, (_, i) => {
    const [family, variant] = (generatorFamilies[i % generatorFamilies.length] as string).split('/') as [
      string,
      string,
    ]
    const { pdf, filename } = generateReceipt({ family, variant, seed: `${runId}-${i}` })
    return { pdf, filename }
  })
}
