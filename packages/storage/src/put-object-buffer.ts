import { createHash } from 'node:crypto'
import { once } from 'node:events'
import type { Client } from 'minio'

/**
 * PUTs one object from a buffer the way minio's `putObject` sends a body below its part size (its private
 * `uploadBuffer`: one signed PUT), without the copy `putObject` makes first — it reads any body, a Buffer
 * too, into a new Buffer (`readAsBuffer`, `Buffer.concat`). A 10 MB upload is then held once while it is
 * sent, not twice (docs/capacity.md, upload memory).
 *
 * @example
 * await putObjectBuffer(client, 'rv', 'tenants/t/c/ab…', Buffer.from(bytes), 'application/pdf')
 */
export async function putObjectBuffer(
  client: Client,
  bucket: string,
  key: string,
  body: Buffer,
  contentType: string,
): Promise<void> {
  const headers: Record<string, string | number> = {
    'Content-Type': contentType,
    'Content-Length': body.byteLength,
  }
  // minio's own choice: over plain HTTP the payload's SHA-256 is signed; over TLS it is UNSIGNED-PAYLOAD
  // with a Content-MD5.
  const sha256 = client.enableSHA256 ? createHash('sha256').update(body).digest('hex') : ''
  if (!client.enableSHA256) headers['Content-MD5'] = createHash('md5').update(body).digest('base64')
  const response = await client.makeRequestStreamAsync(
    { method: 'PUT', bucketName: bucket, objectName: key, headers },
    body,
    sha256,
    [200],
    '',
  )
  response.resume()
  if (!response.readableEnded) await once(response, 'end')
}
