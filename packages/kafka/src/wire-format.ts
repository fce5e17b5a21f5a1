/**
 * Confluent's wire format for JSON Schema values, written and read here so a value whose schema this build
 * already validated is not validated a second time inside the registry client: magic byte 0, the schema id
 * as a 4-byte big-endian integer, then the JSON text.
 *
 * @example
 * const bytes = encodeWire(7, { check_id: 'chk_1' })
 * schemaIdOf(bytes) // 7
 */

/** The bytes `registry.encode(id, value)` writes for a valid value (without validating it again). */
export function encodeWire(schemaId: number, value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value), 'utf8')
  const bytes = Buffer.allocUnsafe(5 + json.length)
  bytes[0] = 0
  bytes.writeInt32BE(schemaId, 1)
  json.copy(bytes, 5)
  return bytes
}

/** The schema id of a message in the wire format, or undefined when the bytes are not in it. */
export function schemaIdOf(bytes: Buffer): number | undefined {
  if (bytes.length < 5 || bytes[0] !== 0) return undefined
  return bytes.readInt32BE(1)
}

/** The JSON value after the 5-byte header (throws SyntaxError for bytes that are not JSON). */
export function parseWirePayload(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8', 5))
}
