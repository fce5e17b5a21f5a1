import type { Db } from 'mongodb'
import { createCheckRepository } from './check-repository'
import { createCheckTombstones } from './check-tombstones'
import {
  createCheckDecisionRepository,
  createConsoleAuditRepository,
  createConsoleUserRepository,
  createForgerySetRepository,
  createReviewQueueRepository,
} from './console'
import { createCreatedHourBackfill } from './created-hour-backfill'
import { createDeliveryLedger } from './delivery-ledger'
import { createExpirySweeper } from './expiring-documents'
import { createFingerprintRepository } from './fingerprint-repository'
import { createGeneratorSightings } from './generator-sightings'
import { createIdempotencyRepository } from './idempotency-repository'
import { createMigrationProgress } from './migration-progress'
import { createModelBudgetRepository } from './model-budget-repository'
import { createProfileRepository } from './profile-repository'
import { createRateWindowRepository } from './rate-window-repository'
import { createReplayRegistry } from './replay-registry'
import { createRetentionCursors } from './retention-cursors'
import { createReviewRepository } from './review-repository'
import { createSettlementErasure } from './settlement-erasure'
import { createSettlementRepository } from './settlement-repository'
import { createTenantRepository } from './tenant-repository'
import { createVersionApprovalRepository } from './version-approval-repository'
import { createWebhookDeliveryRepository } from './webhook-delivery-repository'
import { createWebhookEndpointRepository } from './webhook-endpoint-repository'

/** What `connectStore` is given. */
export interface StoreOptions {
  url: string
  database: string
  /** How long idempotency keys are kept (default 24 h, the API's promise). */
  idempotencyRetentionMs?: number
}

/** Every repository over one database (nothing is sent: the repositories are made, not connected). */
export function createRepositories(db: Db, options: Pick<StoreOptions, 'idempotencyRetentionMs'> = {}) {
  const checks = createCheckRepository(db)
  const tenants = createTenantRepository(db)
  const idempotency = createIdempotencyRepository(db, { retentionMs: options.idempotencyRetentionMs })
  const replay = createReplayRegistry(db)
  const profiles = createProfileRepository(db)
  const modelBudget = createModelBudgetRepository(db)
  const fingerprints = createFingerprintRepository(db)
  const reviews = createReviewRepository(db)
  const sightings = createGeneratorSightings(db)
  const settlements = createSettlementRepository(db)
  const settlementErasure = createSettlementErasure(db)
  const deliveries = createDeliveryLedger(db)
  const rateWindows = createRateWindowRepository(db)
  const expiry = createExpirySweeper(db)
  const createdHourBackfill = createCreatedHourBackfill(db)
  const retentionCursors = createRetentionCursors(db)
  const migrationProgress = createMigrationProgress(db)
  const tombstones = createCheckTombstones(db)
  const consoleUsers = createConsoleUserRepository(db)
  const reviewQueue = createReviewQueueRepository(db)
  const decisions = createCheckDecisionRepository(db)
  const audit = createConsoleAuditRepository(db)
  const forgerySet = createForgerySetRepository(db)
  const versionApprovals = createVersionApprovalRepository(db)
  const webhookEndpoints = createWebhookEndpointRepository(db)
  const webhookDeliveries = createWebhookDeliveryRepository(db)

  return {
    checks,
    tenants,
    idempotency,
    replay,
    profiles,
    modelBudget,
    fingerprints,
    reviews,
    sightings,
    settlements,
    settlementErasure,
    deliveries,
    rateWindows,
    expiry,
    createdHourBackfill,
    retentionCursors,
    migrationProgress,
    tombstones,
    consoleUsers,
    reviewQueue,
    decisions,
    audit,
    forgerySet,
    versionApprovals,
    webhookEndpoints,
    webhookDeliveries,
  }
}

export type Repositories = ReturnType<typeof createRepositories>

/** The repositories with indexes, in the order `ensureRepositoryIndexes` creates them. */
const indexedRepositories = [
  'checks',
  'tenants',
  'idempotency',
  'replay',
  'profiles',
  'modelBudget',
  'fingerprints',
  'reviews',
  'settlements',
  'settlementErasure',
  'rateWindows',
  'deliveries',
  'reviewQueue',
  'decisions',
  'audit',
  'forgerySet',
  'consoleUsers',
  'tombstones',
  'versionApprovals',
  'webhookEndpoints',
  'webhookDeliveries',
] as const satisfies readonly (keyof Repositories)[]

/** Creates every repository's indexes, one repository after another in a fixed order. */
export async function ensureRepositoryIndexes(repositories: Repositories): Promise<void> {
  for (const name of indexedRepositories) await repositories[name].ensureIndexes()
}
