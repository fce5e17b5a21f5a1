import type { FieldLocation } from '@rv/schemas'

const isFraction = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n <= 1

/**
 * Where each field was read, from the check's extraction slot (the aggregator keeps check.extracted.v1
 * `field_locations` there as `fieldLocations`). Slots stored before extraction said so have none; anything
 * not shaped like a location is left out rather than drawn somewhere wrong.
 */
export function storedLocations(stages: Partial<Record<string, unknown>> | undefined): FieldLocation[] {
  const slot = stages?.['extraction'] as { fieldLocations?: unknown } | undefined
  if (!Array.isArray(slot?.fieldLocations)) return []
  return (slot.fieldLocations as Partial<FieldLocation>[]).filter(
    (l): l is FieldLocation =>
      typeof l?.field === 'string' &&
      Number.isInteger(l.page) &&
      (l.page ?? 0) >= 1 &&
      [l.left, l.top, l.width, l.height].every(isFraction),
  )
}
