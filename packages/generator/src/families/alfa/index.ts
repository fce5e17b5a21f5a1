import { dmy, floorMinute, fromMsk, hm, msk } from '../../format/time'
import { type BuildContext, type BuiltReceipt, delayBefore, type FamilyDefinition } from '../family-types'
import { renderAlfa } from './alfa-render'
import { alfaContent, alfaVariants } from './alfa-variants'

/**
 * «Сформирована» is the server's generation minute: from about a minute before (minute truncation) to weeks after
 * the operation. The file name is the device's save time in epoch ms: 0–5 min before the generation time up to
 * 6 Mar 2026, 56–60 min after it from then on (the device clock's zone changed in the corpus).
 */
function generatedDelayMs(ctx: BuildContext): number {
  const r = ctx.rng.next()
  if (r < 0.6) return ctx.rng.int(0, 300) * 1000
  if (r < 0.85) return ctx.rng.int(5, 24 * 60) * 60_000
  return ctx.rng.int(1, 44) * 86_400_000
}

export const alfa: FamilyDefinition = {
  bank: 'alfa',
  variants: alfaVariants,
  build(ctx: BuildContext): BuiltReceipt {
    const content = alfaContent(ctx)
    // A late download is generated when the payer downloads it: «Сформирована» and the file name move with it.
    const late = ctx.behaviour.downloadDelayMs
    const generatedAt = ctx.overrides.generatedAt
      ? Date.parse(ctx.overrides.generatedAt)
      : late !== undefined
        ? content.printedAt + late
        : delayBefore(ctx, content.printedAt, generatedDelayMs(ctx), 0)
    const g = msk(floorMinute(generatedAt))
    const generated = `${dmy(g)} ${hm(g)} мск`
    const shift =
      generatedAt < fromMsk(2026, 3, 6) ? -ctx.rng.int(0, 300_000) : ctx.rng.int(56 * 60_000, 60 * 60_000)
    const filename = `AM_${generatedAt + shift + ctx.rng.int(0, 999)}.pdf`
    const { pdf } = renderAlfa({ content, generated, rng: ctx.rng.fork('alfa-file') })
    return {
      pdf,
      fields: content.fields,
      filename,
      printed: [['title', content.title], ['Сформирована', generated], ...content.cells],
      meta: {
        producer: 'Oracle BI Publisher 12.2.1.4.0',
        creator: null,
        pdfVersion: '1.6',
        creationDate: null,
        modDate: null,
        idHalvesEqual: true,
        pageSize: [595.3, 841.9],
        fonts: ['Tahoma'],
      },
    }
  },
}
