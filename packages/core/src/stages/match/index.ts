export { bankAliases, canonicalBank, matchBank } from './bank-aliases'
export { canonicalCurrency, matchAmount, toMinorUnits } from './match-amount'
export { type MatchOptions, matchExpectation } from './match-expectation'
export { digitsAgree, identifierKinds, matchIdentifier } from './match-masked-digits'
export { matchName } from './match-name'
export { matchWindow } from './match-window'
export {
  type ExpectationParse,
  type ExpectationProblem,
  maxExpectationBytes,
  parseExpectation,
  validateExpectation,
} from './parse-expectation'
export { skeleton, transliterate } from './transliterate'
