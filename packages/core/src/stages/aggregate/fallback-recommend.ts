import type { Recommend } from './decide'

/**
 * FALLBACK used only while the decision module is not wired: every check goes to human review with the
 * reason `decision_unavailable`, so nothing is accepted without a real decision.
 */
export const fallbackRecommend: Recommend = () => ({
  recommendation: 'review',
  reasons: ['decision_unavailable'],
})
