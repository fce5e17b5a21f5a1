import { isCheckId } from '@rv/core/review'

/**
 * The check id of a `/check/<id>` address, only when it has a check id's shape: a crafted link
 * (`/check/..%2F..%2Fapi%2Fsign-out`) opens nothing instead of becoming a request to another path.
 *
 * @example
 * checkIdFromPath('/check/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W') // 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W'
 * checkIdFromPath('/check/..%2Fsign-out') // undefined
 */
export function checkIdFromPath(pathname: string): string | undefined {
  const segment = /^\/check\/([^/]+)$/.exec(pathname)?.[1]
  if (segment === undefined) return undefined
  let id: string
  try {
    id = decodeURIComponent(segment)
  } catch {
    return undefined
  }
  return isCheckId(id) ? id : undefined
}

/** The API path of a check (`/api/checks/<id><rest>`); throws for an id not of a check id's shape. */
export function checkApiPath(id: string, rest = ''): string {
  if (!isCheckId(id)) throw new Error('not a check id')
  return `/api/checks/${id}${rest}`
}
