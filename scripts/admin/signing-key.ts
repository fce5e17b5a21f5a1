/**
 * The record-signing keys' files (docs/signed-records.md):
 *
 *   npm run signing-key -- ensure <active.jwk.json>                    write a new key unless one is there
 *   npm run signing-key -- rotate <active.jwk.json> <verify.jwks.json>  retire the active key, write a new one
 *
 * `scripts/start.sh` runs `ensure` for the local dev key in .stack/signing/ (never committed).
 */
import { ensureActiveKey, loadKeyRing, rotateActiveKey } from '@rv/signing'

const [command, activeKeyFile, verifyKeysFile] = process.argv.slice(2)
if (command === 'ensure' && activeKeyFile) {
  const wrote = ensureActiveKey(activeKeyFile)
  const kid = loadKeyRing({ activeKeyFile }).active?.kid
  process.stdout.write(`${wrote ? 'wrote a new' : 'kept the'} signing key ${kid} at ${activeKeyFile}\n`)
} else if (command === 'rotate' && activeKeyFile && verifyKeysFile) {
  const kid = rotateActiveKey({ activeKeyFile, verifyKeysFile })
  process.stdout.write(`new active key ${kid}; the retired one is kept in ${verifyKeysFile}\n`)
} else {
  process.stderr.write(
    'usage: npm run signing-key -- ensure <active.jwk.json> | rotate <active.jwk.json> <verify.jwks.json>\n',
  )
  process.exit(2)
}
