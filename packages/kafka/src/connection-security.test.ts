import { describe, expect, it } from 'vitest'
import { clientSecurityOptions } from './connection-security'

const files: Record<string, string> = { '/ca.pem': 'CA', '/c.pem': 'CERT', '/k.pem': 'KEY' }
const read = (path: string): string => {
  const text = files[path]
  if (text === undefined) throw new Error(`no file ${path}`)
  return text
}

describe('clientSecurityOptions', () => {
  it('adds nothing when neither TLS nor SASL is configured (plaintext, as on the local stack)', () => {
    expect(clientSecurityOptions(undefined, read)).toEqual({})
    expect(clientSecurityOptions({ tls: undefined, sasl: undefined }, read)).toEqual({})
  })

  it('reads the CA, certificate and key files into the TLS options and passes SASL through', () => {
    expect(
      clientSecurityOptions(
        {
          tls: { caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem', rejectUnauthorized: true },
          sasl: { mechanism: 'scram-sha-512', username: 'u', password: 'p' },
        },
        read,
      ),
    ).toEqual({
      ssl: { rejectUnauthorized: true, ca: ['CA'], cert: 'CERT', key: 'KEY' },
      sasl: { mechanism: 'scram-sha-512', username: 'u', password: 'p' },
    })
  })

  it('uses the default trust store when no CA file is named', () => {
    expect(
      clientSecurityOptions(
        {
          tls: { caFile: undefined, certFile: undefined, keyFile: undefined, rejectUnauthorized: false },
          sasl: undefined,
        },
        read,
      ),
    ).toEqual({ ssl: { rejectUnauthorized: false } })
  })

  it('fails at start-up, naming the file, when a TLS file cannot be read', () => {
    expect(() =>
      clientSecurityOptions({
        tls: {
          caFile: '/nonexistent/ca.pem',
          certFile: undefined,
          keyFile: undefined,
          rejectUnauthorized: true,
        },
        sasl: undefined,
      }),
    ).toThrow(/cannot read the TLS file \/nonexistent\/ca.pem/)
  })
})
