/**
 * The contract of the system: JSON Schemas in `schemas/json` are the source of truth; the types below are
 * generated from them (`npm run generate -w @rv/schemas`, checked for drift in CI).
 */
import checkRecordSchema from '../json/check-record.schema.json'
import apiErrorSchema from '../json/api-error.schema.json'
import expectationSchema from '../json/expectation.schema.json'

export type * from './generated/check-record'
export type { ApiErrorResponse } from './generated/api-error'
export type { Expectation } from './generated/expectation'

export { apiErrorSchema, checkRecordSchema, expectationSchema }
