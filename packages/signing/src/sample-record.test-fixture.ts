/** A finished check record's shape with the characters that canonical JSON must get right (Cyrillic, ₽, 1e-7). */
export function sampleRecord(id = 'chk_01JABCDEFGHJKMNPQRSTVWXYZ0') {
  return {
    id,
    status: 'done',
    created_at: '2026-11-28T10:00:00.000Z',
    tenant_id: 'shop-1',
    order_ref: 'order 42 — «подарок»',
    fields: { amount: 600.5, currency: 'RUB', payer_name: 'Михаил О.', ratio: 1e-7 },
    reasons: [{ code: 'amount_matches', detail: null }],
    recommendation: 'accept',
    error: null,
  }
}
