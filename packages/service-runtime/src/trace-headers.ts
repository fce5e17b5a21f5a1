/**
 * The headers a stage copies from the event it consumed onto the result it publishes: the gateway's
 * request id follows the check through every stage, for log correlation.
 *
 * @example
 * traceHeaders({ 'request-id': 'req_1', 'x-other': 'y' }) // { 'request-id': 'req_1' }
 */
export function traceHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const requestId = headers['request-id']
  return requestId ? { 'request-id': requestId } : {}
}
