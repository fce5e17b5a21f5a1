/** The committed fingerprints, one per family (written by scripts/corpus/learn-fingerprints.ts or from FAMILIES.md). */
import alfa from '../../families/alfa/fingerprint.json'
import gazprombank from '../../families/gazprombank/fingerprint.json'
import ozon from '../../families/ozon/fingerprint.json'
import pochtabank from '../../families/pochtabank/fingerprint.json'
import sberbank from '../../families/sberbank/fingerprint.json'
import tbank from '../../families/tbank/fingerprint.json'
import vtb from '../../families/vtb/fingerprint.json'
import type { Fingerprint } from './fingerprint'

export const fingerprints: Readonly<Record<string, Fingerprint>> = {
  alfa: alfa as Fingerprint,
  gazprombank: gazprombank as Fingerprint,
  ozon: ozon as Fingerprint,
  pochtabank: pochtabank as Fingerprint,
  sberbank: sberbank as Fingerprint,
  tbank: tbank as Fingerprint,
  vtb: vtb as Fingerprint,
}
