/**
 * pdf.js's legacy build carries core-js, and on Node 20 (V8 11) core-js *replaces* built-ins it finds
 * wanting with JavaScript versions: `Array.prototype.push` (for an edge case of arrays whose length is not
 * writable) and `JSON.parse` / `JSON.stringify` (for proposals V8 11 lacks). Once pdf.js is loaded, every
 * push in the thread runs through core-js — the structure parser's tokenizer included, for every file
 * after the first one pdf.js read. The replaced natives are put back after loading; what core-js *adds*
 * (`Promise.withResolvers`, `Uint8Array.prototype.toHex`, …) stays, because pdf.js uses it.
 */

/** The built-in objects whose methods a polyfill may replace (globals are not touched). */
const intrinsics: readonly object[] = [
  Array,
  Array.prototype,
  Object,
  Object.prototype,
  Function.prototype,
  String,
  String.prototype,
  Number,
  Number.prototype,
  Math,
  JSON,
  Reflect,
  Promise,
  Promise.prototype,
  Map,
  Map.prototype,
  Set,
  Set.prototype,
  WeakMap.prototype,
  Object.getPrototypeOf(Uint8Array),
  Object.getPrototypeOf(Uint8Array.prototype),
  Uint8Array,
  Uint8Array.prototype,
  ArrayBuffer,
  ArrayBuffer.prototype,
  RegExp.prototype,
  Date.prototype,
  Symbol,
]

type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>

function snapshot(): Snapshot {
  return new Map(
    intrinsics.map((target) => [
      target,
      new Map(
        Reflect.ownKeys(target).flatMap((key) => {
          const d = Object.getOwnPropertyDescriptor(target, key)
          return d && typeof d.value === 'function' ? [[key, d] as const] : []
        }),
      ),
    ]),
  )
}

/** Puts back every native method that was replaced since `before`; returns their names. */
function restore(before: Snapshot): string[] {
  const restored: string[] = []
  for (const [target, methods] of before) {
    for (const [key, native] of methods) {
      const now = Object.getOwnPropertyDescriptor(target, key)
      if (!now || now.value === native.value) continue
      Object.defineProperty(target, key, native)
      restored.push(String(key))
    }
  }
  return restored
}

/**
 * Runs `load` (an import that may install polyfills) and then puts back the natives it replaced.
 *
 * @example
 * const pdfjs = await keepingNativeBuiltins(() => import('pdfjs-dist/legacy/build/pdf.mjs'))
 */
export async function keepingNativeBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const before = snapshot()
  try {
    return await load()
  } finally {
    restore(before)
  }
}
