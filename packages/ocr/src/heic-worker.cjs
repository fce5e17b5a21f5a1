// Decodes one HEIC in a worker thread (decode-heic.ts starts it, one per picture) with libheif's wasm build
// from npm's libheif-js: the primary picture with its own rotation and mirror applied (libheif's default),
// as interleaved RGB (RGBA when it has alpha). The worker's end frees the wasm memory the decode grew, and a
// decode that overruns its time is ended by terminating the worker. Plain CommonJS: a worker loads it as is.
const { parentPort, workerData } = require('node:worker_threads')

// wasmModule: the WebAssembly.Module compiled once by the parent (compiling it is most of a worker's start).
const { libheifPath, wasmModule, maxPixels, maxSide } = workerData

const message = (error) => (error instanceof Error ? error.message : String(error))

parentPort.once('message', async (bytes) => {
  let lib
  try {
    lib = require(libheifPath)({
      instantiateWasm: (imports, receive) =>
        receive(new WebAssembly.Instance(wasmModule, imports), wasmModule),
      print: () => {},
      printErr: () => {},
    })
    await lib.ready
  } catch (error) {
    // The decoder itself would not start: not the picture's fault (the parent reports it as retryable).
    parentPort.postMessage({ error: message(error), engine: true })
    return
  }
  try {
    const picture = await decode(lib, bytes)
    parentPort.postMessage(picture, [picture.data.buffer])
  } catch (error) {
    parentPort.postMessage({ error: message(error) })
  }
})

async function decode(lib, bytes) {
  const context = lib.heif_context_alloc()
  try {
    const read = lib.heif_context_read_from_memory(context, bytes)
    if (read.code !== lib.heif_error_code.heif_error_Ok)
      throw new Error(`not a readable HEIF: ${read.message}`)
    const ids = lib.heif_js_context_get_list_of_top_level_image_IDs(context)
    if (!Array.isArray(ids) || ids.length === 0) throw new Error('the HEIF holds no picture')
    const handles = ids
      .map((id) => lib.heif_js_context_get_image_handle(context, id))
      .filter((h) => h && !h.code)
    const handle = handles.find((h) => lib.heif_image_handle_is_primary_image(h)) ?? handles[0]
    if (!handle) throw new Error('the HEIF holds no readable picture')
    const width = lib.heif_image_handle_get_width(handle)
    const height = lib.heif_image_handle_get_height(handle)
    // Second bound, after the header's: what libheif will allocate, not what the ispe box said.
    if (width <= 0 || height <= 0 || width > maxSide || height > maxSide || width * height > maxPixels) {
      throw new Error(`the decoder would produce ${width} x ${height} pixels`)
    }
    const alpha = Boolean(lib.heif_image_handle_has_alpha_channel(handle))
    const channels = alpha ? 4 : 3
    const chroma = alpha
      ? lib.heif_chroma.heif_chroma_interleaved_RGBA
      : lib.heif_chroma.heif_chroma_interleaved_RGB
    const image = await lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, chroma)
    if (!image || image.code) throw new Error(`HEVC decoding failed: ${image?.message ?? 'no image'}`)
    try {
      const plane = image.channels.find((c) => c.id === lib.heif_channel.heif_channel_interleaved)
      if (!plane || plane.width !== width || plane.height !== height)
        throw new Error('unexpected decoded plane')
      const data = new Uint8Array(width * height * channels)
      const row = width * channels
      for (let y = 0; y < height; y++)
        data.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row)
      return { data, width, height, channels }
    } finally {
      lib.heif_image_release(image.image)
    }
  } finally {
    lib.heif_context_free(context)
  }
}
