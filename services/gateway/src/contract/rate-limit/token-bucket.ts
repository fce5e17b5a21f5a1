/**
 * A token bucket per key: `capacity` tokens, refilled continuously at `refillPerSecond`. Time is passed
 * in, so the arithmetic is tested without waiting. Idle buckets are dropped once full again, keeping
 * memory bounded by the number of recently active tenants.
 */
export interface TokenBucketOptions {
  capacity: number
  refillPerSecond: number
}

export interface TakeResult {
  allowed: boolean
  /** Whole tokens left after this request. */
  remaining: number
  /** Seconds until a request would be allowed (0 when allowed). */
  retryAfterSeconds: number
  /** Seconds until the bucket is full again. */
  resetSeconds: number
}

interface Bucket {
  tokens: number
  updatedMs: number
}

export function createTokenBuckets(options: TokenBucketOptions) {
  if (options.capacity < 1 || options.refillPerSecond <= 0)
    throw new Error('token bucket needs capacity >= 1 and a positive refill')
  const buckets = new Map<string, Bucket>()
  const refill = (bucket: Bucket, nowMs: number) => {
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000
    bucket.tokens = Math.min(options.capacity, bucket.tokens + elapsed * options.refillPerSecond)
    bucket.updatedMs = nowMs
  }

  return {
    capacity: options.capacity,
    /** Takes one token for `key` at `nowMs`. */
    take(key: string, nowMs: number): TakeResult {
      const bucket = buckets.get(key) ?? { tokens: options.capacity, updatedMs: nowMs }
      refill(bucket, nowMs)
      const allowed = bucket.tokens >= 1
      if (allowed) bucket.tokens -= 1
      buckets.set(key, bucket)
      const missing = options.capacity - bucket.tokens
      return {
        allowed,
        remaining: Math.floor(bucket.tokens),
        retryAfterSeconds: allowed ? 0 : Math.ceil((1 - bucket.tokens) / options.refillPerSecond),
        resetSeconds: Math.ceil(missing / options.refillPerSecond),
      }
    },
    /** Forgets buckets that are full again (call now and then). */
    prune(nowMs: number): void {
      for (const [key, bucket] of buckets) {
        refill(bucket, nowMs)
        if (bucket.tokens >= options.capacity) buckets.delete(key)
      }
    },
    size: () => buckets.size,
  }
}
