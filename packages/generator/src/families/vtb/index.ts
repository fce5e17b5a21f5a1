import { msk, p2, pdfDate } from '../../format/time'
import {
  type BuildContext,
  type BuiltReceipt,
  delayBefore,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { renderVtb } from './vtb-render'
import { vtbContent, vtbVariants } from './vtb-variants'

/** CreationDate is the download moment in MSK: from 15 s to many days after the operation (most after a day). */
function downloadDelayMs(ctx: BuildContext): number {
  const r = ctx.rng.next()
  if (r < 0.05) return ctx.rng.int(15, 120) * 1000
  if (r < 0.1) return ctx.rng.int(2, 60) * 60_000
  if (r < 0.2) return ctx.rng.int(1, 24) * 3600_000
  return ctx.rng.int(1, 120) * 86_400_000 + ctx.rng.int(0, 86_399) * 1000
}

export const vtb: FamilyDefinition = {
  bank: 'vtb',
  variants: vtbVariants,
  build(ctx: BuildContext): BuiltReceipt {
    const content = vtbContent(ctx)
    // Downloads start from the execution: a held transfer's is later than its id by the hold.
    const executedAt = content.at + holdOf(ctx)
    const late = ctx.behaviour.downloadDelayMs
    const downloaded = ctx.overrides.generatedAt
      ? Date.parse(ctx.overrides.generatedAt)
      : late !== undefined
        ? executedAt + Math.max(15_000, late)
        : delayBefore(ctx, executedAt, downloadDelayMs(ctx), 15_000)
    const creationDate = pdfDate(msk(downloaded), "+03'00'")
    const { pdf, height } = renderVtb({ content, creationDate, rng: ctx.rng.fork('vtb-id') })
    // The name carries the operation minute in the phone's zone; this user's phone is on UTC+2.
    const phone = msk(content.printedMinute - 3600_000)
    const filename = `${p2(phone.day)}-${p2(phone.month)}-${p2(phone.year % 100)}_${p2(phone.hour)}-${p2(phone.minute)}.pdf`
    return {
      pdf,
      fields: content.fields,
      filename,
      printed: [
        ...content.heading.map((h, i): [string, string] => [`heading${i + 1}`, h]),
        ...content.rows.map((r): [string, string] => [r.label, r.value]),
        ['Сумма операции', content.amount],
      ],
      meta: {
        producer: 'openhtmltopdf.com',
        creator: null,
        pdfVersion: '1.7',
        creationDate,
        modDate: null,
        idHalvesEqual: true,
        pageSize: [281.2125, height],
        fonts: ['SFProDisplay-Regular'],
      },
    }
  },
}
