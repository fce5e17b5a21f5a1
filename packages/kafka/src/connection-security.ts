/**
 * The configured TLS and SASL as kafkajs client options. The PEM files are read once, when the bus is
 * created: a missing or unreadable file stops the service at start-up with the variable that named it.
 */
import { readFileSync } from 'node:fs'
import type { KafkaSecurityConfig } from '@rv/config'
import type { KafkaConfig, SASLOptions } from 'kafkajs'

export type ClientSecurityOptions = Pick<KafkaConfig, 'ssl' | 'sasl'>

export function clientSecurityOptions(
  security: KafkaSecurityConfig | undefined,
  read: (path: string) => string = readPem,
): ClientSecurityOptions {
  const out: ClientSecurityOptions = {}
  const tls = security?.tls
  if (tls) {
    out.ssl = {
      rejectUnauthorized: tls.rejectUnauthorized,
      ...(tls.caFile === undefined ? {} : { ca: [read(tls.caFile)] }),
      ...(tls.certFile === undefined ? {} : { cert: read(tls.certFile) }),
      ...(tls.keyFile === undefined ? {} : { key: read(tls.keyFile) }),
    }
  }
  const sasl = security?.sasl
  if (sasl) {
    // kafkajs types each mechanism separately; the three share { username, password }.
    out.sasl = { mechanism: sasl.mechanism, username: sasl.username, password: sasl.password } as SASLOptions
  }
  return out
}

function readPem(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`cannot read the TLS file ${path}: ${(error as Error).message}`)
  }
}
