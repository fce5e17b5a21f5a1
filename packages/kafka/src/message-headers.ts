/** Kafka header values arrive as bytes (or arrays of them); handlers see plain strings, first value wins. */
import type { IHeaders } from 'kafkajs'

export function readHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[0] : raw
    if (value === undefined) continue
    out[name] = typeof value === 'string' ? value : value.toString('utf8')
  }
  return out
}
