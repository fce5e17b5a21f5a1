import type { ReceiptFields } from '@rv/schemas'
import { type Behaviour, behaviourRoomMs, validateBehaviour } from './behaviour/behaviour'
import { DEFAULT_NOW } from './data/operation'
import { alfa } from './families/alfa'
import type { FamilyDefinition, Overrides, TruthMeta } from './families/family-types'
import { gazprombank } from './families/gpb'
import { ozon } from './families/ozon'
import { tbank } from './families/tbank'
import { vtb } from './families/vtb'
import { Rng } from './random/rng'

export {
  type Behaviour,
  type BehaviourKind,
  behaviourKinds,
  counterOf,
  drawBehaviour,
} from './behaviour/behaviour'
export type { Overrides, TruthMeta } from './families/family-types'

/** Ground truth written beside each synthetic PDF (`<name>.truth.json`). */
export interface GroundTruth {
  /** `<bank>/<variant>` */
  family: string
  seed: string
  filename: string
  /** What a perfect extractor returns (confidence left empty: it is not a fact about the document). */
  fields: ReceiptFields
  /** Printed label/value pairs in reading order, values exactly as drawn. */
  printed: Array<[string, string]>
  meta: TruthMeta
}

export interface GenerateInput {
  family: string
  variant: string
  seed: string | number
  overrides?: Overrides
  /** Fixed "now" (ISO 8601): operations fall in the 425 days before it. Default 2026-04-30 23:59:59 MSK. */
  now?: string
  /**
   * What life did to the receipt (behaviour/behaviour.ts): a late download, a held transfer, T-Bank's counter
   * length and minutes-only time. Operations are then drawn earlier by the hold and the delay, so the file
   * still falls before `now`. Absent or `{}`: the usual output, byte for byte.
   */
  behaviour?: Behaviour
}

export interface GeneratedReceipt {
  pdf: Uint8Array
  truth: GroundTruth
  filename: string
}

const families: FamilyDefinition[] = [vtb, alfa, tbank, gazprombank, ozon]

/** Every `<bank>/<variant>` the generator can produce. */
export const generatorFamilies: string[] = families.flatMap((f) => f.variants.map((v) => `${f.bank}/${v}`))

/** Deterministic: the same input gives the same bytes (no clock, no Math.random). */
export function generateReceipt(input: GenerateInput): GeneratedReceipt {
  const family = families.find((f) => f.bank === input.family)
  if (!family) throw new Error(`unknown family ${input.family}`)
  if (!family.variants.includes(input.variant))
    throw new Error(`unknown variant ${input.family}/${input.variant}`)
  const seed = String(input.seed)
  const rng = new Rng(`${input.family}/${input.variant}/${seed}`)
  const now = input.now === undefined ? DEFAULT_NOW : Date.parse(input.now)
  if (Number.isNaN(now)) throw new Error(`now is not a date: ${input.now}`)
  const behaviour = input.behaviour ?? {}
  validateBehaviour(behaviour)
  const built = family.build({
    rng,
    variant: input.variant,
    overrides: input.overrides ?? {},
    now: now - behaviourRoomMs(behaviour),
    behaviour,
    behaviourRng: new Rng(`behaviour:${input.family}/${input.variant}/${seed}`),
  })
  return {
    pdf: built.pdf,
    filename: built.filename,
    truth: {
      family: `${input.family}/${input.variant}`,
      seed,
      filename: built.filename,
      fields: built.fields,
      printed: built.printed,
      meta: built.meta,
    },
  }
}
export { encodeHeic, type HeicOptions, heicEncoderAvailable } from './images/encode-heic'
export { heifGrid } from './images/heif-grid'
export { type HeifTransform, withHeifTransforms } from './images/heif-transforms'
export {
  type ImageKind,
  imageKinds,
  type ReceiptImage,
  renderPdfPage,
  renderReceiptImage,
  renderReceiptPhotoHeic,
} from './images/render-receipt-image'
