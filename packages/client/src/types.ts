/**
 * The API's types, named. Every one is an alias into `generated/api.ts`, which `npm run generate -w
 * @rv/client` writes from schemas/openapi.yaml (openapi-typescript); nothing here is declared twice.
 */
import type { components } from './generated/api.js'

type Schemas = components['schemas']

/** The check record as GET /v1/checks/{id} returns it. */
export type CheckRecord = Schemas['GetCheckRecord']
/** The check record as POST /v1/checks returns it (every field and match flag). */
export type SubmittedCheckRecord = Schemas['PostCheckRecord']
export type Expectation = Schemas['Expectation']
export type Settlement = Schemas['Settlement']
export type CreditLine = Schemas['CreditLine']
export type CreditsAccepted = Schemas['CreditsAccepted']
export type CheckDecisions = Schemas['CheckDecisions']
export type Jwks = Schemas['Jwks']
/** The body of every non-2xx response. */
export type ApiErrorBody = Schemas['ApiError']
export type CheckStatus = CheckRecord['status']
