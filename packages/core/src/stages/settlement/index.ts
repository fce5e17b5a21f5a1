export {
  type CheckKeys,
  type CreditKeys,
  checkKeys,
  checkLookupDays,
  creditKeys,
  creditLookupDays,
  sbpIdIn,
} from './credit-keys'
export { type CreditLineProblem, creditLineProblem, maxCreditAmount } from './credit-line-limits'
export { decodeStatementText } from './decode-statement-text'
export { bestJoin, type JoinRule, joinRule, strongerRule } from './join-rule'
export { parse1cStatement } from './parse-1c-statement'
export { type CsvColumns, csvColumnNames, parseCsvColumns, parseCsvStatement } from './parse-csv-statement'
export { parseStatement, type StatementFormat } from './parse-statement'
export {
  type SettleInput,
  type SettlementReason,
  settleCheck,
  settlementChanged,
  settlementReasons,
  withSettlement,
} from './settle-check'
export { type SettlementPolicy, settlementPolicy, settlementRequired } from './settlement-policy'
export { StatementError, type StatementErrorCode } from './statement-error'
export { moscowDay, moscowDays, parseMoscowDateTime } from './statement-time'
export { encodeWindows1251, write1cStatement } from './write-1c-statement'
