/**
 * Learns each family's fingerprint — with its soft checks' out-of-sample false-alarm rates
 * (`learnFamilyFingerprint`, inner k-fold) — from a folder of genuine receipts and writes
 * packages/core/src/families/<family>/fingerprint.json. Families with fewer than --min samples are left
 * alone (their fingerprints are written from FAMILIES.md by hand and marked `"source": "FAMILIES.md"`).
 *
 *   npx tsx scripts/learn-fingerprints.ts [--corpus ../shared/corpus/real] [--min 2] [--family vtb]
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
// Imported module by module: the authenticity index loads the fingerprint files this script writes.
import { sampleOf } from '@rv/core/authenticity/assess'
import { learnFamilyFingerprint } from '@rv/core/authenticity/learn-family'
import { parsePdfStructure } from '@rv/core/pdf/structure/index'
import { defaultCorpusRoot, readCorpus } from '@rv/forgery/corpus'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: defaultCorpusRoot },
    min: { type: 'string', default: '2' },
    family: { type: 'string', multiple: true },
  },
})

const outRoot = fileURLToPath(new URL('../packages/core/src/families', import.meta.url))
const corpus = readCorpus(values.corpus)
if (corpus.size === 0) {
  console.error(`no corpus at ${values.corpus}`)
  process.exit(1)
}
for (const [family, files] of corpus) {
  if (values.family && !values.family.includes(family)) continue
  if (files.length < Number(values.min)) {
    console.log(
      `${family}: ${files.length} sample(s), below --min ${values.min}; keeping the FAMILIES.md fingerprint`,
    )
    continue
  }
  const samples = files.map((f) => sampleOf(parsePdfStructure(f.bytes), family, f.name))
  const fingerprint = learnFamilyFingerprint(family, samples)
  mkdirSync(join(outRoot, family), { recursive: true })
  writeFileSync(join(outRoot, family, 'fingerprint.json'), `${JSON.stringify(fingerprint, null, 2)}\n`)
  console.log(`${family}: learned from ${samples.length} samples`)
}
