/**
 * The shape of a check id (check-record.schema.json `id`: `chk_` + a ULID): what the console checks an id
 * against before it reaches a path or a query, on the server and in the browser (a crafted
 * `/check/..%2F…` link must never become a request to another path).
 */
export const checkIdShape = /^chk_[0-9A-Za-z]{10,40}$/

export const isCheckId = (id: unknown): id is string => typeof id === 'string' && checkIdShape.test(id)
