/**
 * Glyphs into text items the way pdf.js 5.6's `getTextContent` builds them (`buildTextContentItem`,
 * `compareWithLastPosition`, `addFakeSpaces`, `flushTextContentItem`; horizontal writing, no Type3): an item
 * grows while glyphs follow on the same line, a gap of 0.102–0.6 em becomes a space inside it, a larger gap
 * or a line change starts a new item. Whitespace-only items pdf.js emits are left out: the text layer drops them.
 */
import type { TextState } from './text-state'
import { charCategory, hasOwnMapping, hasRightToLeft, normalizeUnicode } from './unicode-rules'
import { unsupported } from './unsupported'

export interface TextItem {
  str: string
  width: number
  height: number
  transform: number[]
  fontName: string
}

const TRACKING_SPACE_FACTOR = 0.102
const NOT_A_SPACE_FACTOR = 0.03
const NEGATIVE_SPACE_FACTOR = -0.2
const SPACE_IN_FLOW_MIN_FACTOR = 0.102
const SPACE_IN_FLOW_MAX_FACTOR = 0.6
const VERTICAL_SHIFT_RATIO = 0.25

export class TextItemBuilder {
  readonly items: TextItem[] = []
  private initialized = false
  private str: string[] = []
  private totalWidth = 0
  private width = 0
  private height = 0
  private prevTransform: number[] | null = null
  private prevTextRise = 0
  private textAdvanceScale = 0
  private spaceInFlowMin = 0
  private spaceInFlowMax = 0
  private trackingSpaceMin = Number.POSITIVE_INFINITY
  private negativeSpaceMax = Number.NEGATIVE_INFINITY
  private notASpace = Number.NEGATIVE_INFINITY
  private transform: number[] = []
  private fontName = ''
  private readonly lastChars = [' ', ' ']
  private lastCharsPos = 0
  /** The state the current item's font and size were taken from (pdf.js `currentTextState`). */
  private itemState: TextState | null = null

  constructor(private readonly viewBox: readonly number[]) {}

  /** Called once with the first state, like pdf.js's `currentTextState ||= textState.clone()`. */
  start(state: TextState): void {
    this.itemState ??= state.clone()
  }

  /** One string of a text-showing operator, with the TJ adjustment after its last glyph (in text space). */
  showText(state: TextState, bytes: Uint8Array | null, extraSpacing: number): void {
    const font = state.font!
    const current = this.itemState!
    if (
      current.fontSize !== state.fontSize ||
      (current.fontName !== state.fontName && current.font?.name !== font.name)
    ) {
      this.flush()
      this.itemState = state.clone()
    }
    const baseCharSpacing = state.charSpacing
    if (!bytes || bytes.length === 0) {
      const charSpacing = baseCharSpacing + extraSpacing
      if (charSpacing) state.translateTextMatrix(charSpacing * state.textHScale, 0)
      return
    }
    if (bytes.length % font.bytesPerCode !== 0) unsupported('string length not a whole number of codes')
    const scale = 0.001 * state.fontSize
    const count = bytes.length / font.bytesPerCode
    for (let i = 0; i < count; i++) {
      const code = font.bytesPerCode === 2 ? (bytes[2 * i]! << 8) | bytes[2 * i + 1]! : bytes[i]!
      const unicode = font.unicode(code)
      const category = charCategory(unicode)
      if (category.isInvisibleFormatMark) continue
      let charSpacing = baseCharSpacing + (i + 1 === count ? extraSpacing : 0)
      let scaledDim = font.width(code) * scale
      if (code === 0x20) charSpacing += state.wordSpacing
      if (category.isWhitespace) {
        charSpacing += scaledDim
        state.translateTextMatrix(charSpacing * state.textHScale, 0)
        this.saveLastChar(' ')
        continue
      }
      if (!category.isZeroWidthDiacritic && !this.compareWithLastPosition(state, scaledDim)) {
        state.translateTextMatrix(scaledDim * state.textHScale, 0)
        continue
      }
      this.ensureItem(state)
      if (category.isZeroWidthDiacritic) scaledDim = 0
      scaledDim *= state.textHScale
      state.translateTextMatrix(scaledDim, 0)
      this.width += scaledDim
      if (scaledDim) {
        this.prevTransform = state.currentTransform()
        this.prevTextRise = state.textRise
      }
      if (this.saveLastChar(unicode)) this.str.push(' ')
      this.str.push(unicode)
      if (charSpacing) state.translateTextMatrix(charSpacing * state.textHScale, 0)
    }
  }

  /** A new text matrix (`Tm`) may change the advance scale of the item being built. */
  updateAdvanceScale(state: TextState): void {
    if (!this.initialized) return
    const scaleFactor =
      Math.hypot(state.ctm[0], state.ctm[1]) * Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1])
    if (scaleFactor === this.textAdvanceScale) return
    this.totalWidth += this.width * this.textAdvanceScale
    this.width = 0
    this.textAdvanceScale = scaleFactor
  }

  flush(): void {
    if (!this.initialized) return
    this.totalWidth += this.width * this.textAdvanceScale
    const text = this.str.join('')
    if (hasOwnMapping(text) || hasRightToLeft(text)) unsupported('text pdf.js reorders or maps itself')
    this.items.push({
      str: normalizeUnicode(text),
      width: Math.abs(this.totalWidth),
      height: Math.abs(this.height),
      transform: this.transform,
      fontName: this.fontName,
    })
    this.initialized = false
    this.str.length = 0
  }

  private saveLastChar(char: string): boolean {
    const nextPos = (this.lastCharsPos + 1) % 2
    const ret = this.lastChars[this.lastCharsPos] !== ' ' && this.lastChars[nextPos] === ' '
    this.lastChars[this.lastCharsPos] = char
    this.lastCharsPos = nextPos
    return ret
  }

  private shouldAddWhitespace(): boolean {
    return this.lastChars[this.lastCharsPos] !== ' ' && this.lastChars[(this.lastCharsPos + 1) % 2] === ' '
  }

  private resetLastChars(): void {
    this.lastChars[0] = ' '
    this.lastChars[1] = ' '
    this.lastCharsPos = 0
  }

  private ensureItem(state: TextState): void {
    if (this.initialized) return
    this.fontName = state.loadedName!
    const trm = state.currentTransform()
    this.transform = trm
    this.width = 0
    this.totalWidth = 0
    this.height = Math.hypot(trm[2], trm[3])
    this.textAdvanceScale =
      Math.hypot(state.ctm[0], state.ctm[1]) * Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1])
    const { fontSize } = state
    this.trackingSpaceMin = fontSize * TRACKING_SPACE_FACTOR
    this.notASpace = fontSize * NOT_A_SPACE_FACTOR
    this.negativeSpaceMax = fontSize * NEGATIVE_SPACE_FACTOR
    this.spaceInFlowMin = fontSize * SPACE_IN_FLOW_MIN_FACTOR
    this.spaceInFlowMax = fontSize * SPACE_IN_FLOW_MAX_FACTOR
    this.initialized = true
  }

  private appendEOL(): void {
    this.resetLastChars()
    this.flush()
  }

  /** Places the next glyph against the previous one; false when it is outside the page (it is skipped). */
  private compareWithLastPosition(state: TextState, glyphWidth: number): boolean {
    const current = state.currentTransform()
    let posX = current[4]
    let posY = current[5]
    const [x0, y0, x1, y1] = this.viewBox as [number, number, number, number]
    if (posX + glyphWidth < x0 || posX > x1 || posY < y0 || posY > y1) return false
    if (!this.prevTransform) return true
    let lastPosX = this.prevTransform[4]!
    let lastPosY = this.prevTransform[5]!
    if (lastPosX === posX && lastPosY === posY) return true
    let rotate = -1
    if (current[0] && current[1] === 0 && current[2] === 0) rotate = current[0] > 0 ? 0 : 180
    else if (current[1] && current[0] === 0 && current[3] === 0) rotate = current[1] > 0 ? 90 : 270
    if (rotate === 90) {
      ;[posX, posY, lastPosX, lastPosY] = [posY, posX, lastPosY, lastPosX]
    } else if (rotate === 180) {
      ;[posX, posY, lastPosX, lastPosY] = [-posX, -posY, -lastPosX, -lastPosY]
    } else if (rotate === 270) {
      ;[posX, posY, lastPosX, lastPosY] = [-posY, -posX, -lastPosY, -lastPosX]
    } else if (rotate === -1) {
      ;[posX, posY] = applyInverseRotation(posX, posY, current)
      ;[lastPosX, lastPosY] = applyInverseRotation(lastPosX, lastPosY, this.prevTransform)
    }
    const advanceX = (posX - lastPosX) / this.textAdvanceScale
    const advanceY = posY - lastPosY
    const textOrientation = Math.sign(this.width || this.totalWidth)
    if (advanceX < textOrientation * this.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * this.height) {
        this.appendEOL()
        return true
      }
      this.resetLastChars()
      this.flush()
      return true
    }
    const textRiseDelta = state.textRise - this.prevTextRise
    const advanceYCorrected =
      textRiseDelta === 0 ? advanceY : advanceY - (current[3] / state.fontSize) * textRiseDelta
    if (Math.abs(advanceYCorrected) > this.height) {
      this.appendEOL()
      return true
    }
    if (advanceX <= textOrientation * this.notASpace) this.resetLastChars()
    if (advanceX <= textOrientation * this.trackingSpaceMin) {
      if (this.shouldAddWhitespace()) {
        this.resetLastChars()
        this.flush()
      } else {
        this.width += advanceX
      }
    } else if (!this.addFakeSpaces(advanceX, textOrientation)) {
      if (this.str.length === 0) this.resetLastChars()
      else this.width += advanceX
    }
    if (Math.abs(advanceY) > this.height * VERTICAL_SHIFT_RATIO) this.flush()
    return true
  }

  private addFakeSpaces(width: number, textOrientation: number): boolean {
    if (textOrientation * this.spaceInFlowMin <= width && width <= textOrientation * this.spaceInFlowMax) {
      if (this.initialized) {
        this.resetLastChars()
        this.str.push(' ')
      }
      return false
    }
    this.flush()
    this.resetLastChars()
    return true
  }
}

function applyInverseRotation(x: number, y: number, matrix: readonly number[]): [number, number] {
  const scale = Math.hypot(matrix[0]!, matrix[1]!)
  return [(matrix[0]! * x + matrix[1]! * y) / scale, (matrix[2]! * x + matrix[3]! * y) / scale]
}
