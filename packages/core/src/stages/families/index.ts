/**
 * The shipped family definitions. Each is a JSON document beside this file; importing them statically keeps
 * core free of file I/O. To add a bank: write `<family>/family.json`, list it here, add samples and tests.
 */

import type { FamilyDefinition } from '../../vocabulary/family-definition'
import alfa from './alfa/family.json'
import gazprombank from './gazprombank/family.json'
import ozon from './ozon/family.json'
import pochtabank from './pochtabank/family.json'
import sberbank from './sberbank/family.json'
import tbank from './tbank/family.json'
import { validateFamily } from './validate-family'
import vtb from './vtb/family.json'

export const families: readonly FamilyDefinition[] = [
  vtb,
  alfa,
  tbank,
  gazprombank,
  ozon,
  sberbank,
  pochtabank,
].map(validateFamily)

export type * from '../../vocabulary/family-definition'
export { canonicalBank } from './bank-names'
export { type Recognition, recogniseFamily } from './recognise-family'
