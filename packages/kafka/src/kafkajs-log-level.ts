/**
 * The level a kafkajs log line is written at. kafkajs logs every error answer of a broker at ERROR
 * (`[Connection] Response <Api>(key, version)`) before its own caller retries it. At start-up several of
 * those are races every deployment runs into and kafkajs recovers from: two services creating the same
 * topic, a new topic's leader not elected yet, the group coordinator (`__consumer_offsets`) still being
 * created or loaded, a rebalance under way. Those answers become debug lines; any other broker error stays
 * an error, and a race that does not resolve still surfaces, as the caller's own error once its retries run
 * out (a consumer `Crash`, a failed `send`, a throw into our code).
 */
import { type LogEntry, logLevel } from 'kafkajs'

export type BusLogLevel = 'debug' | 'warn' | 'error'

/** Broker answers (kafkajs's error messages, protocol/error.js) that are retried races, not faults. */
export const benignBrokerAnswers: ReadonlySet<string> = new Set([
  // TOPIC_ALREADY_EXISTS: another service created it first (ensureTopics then reads the layout). With
  // several topics in one request kafkajs logs the aggregate; createTopics swallows it only when every
  // topic already existed, and rejects into ensureTopics (our own error) for anything else.
  'Topic with this name already exists',
  'Topic creation errors',
  // LEADER_NOT_AVAILABLE / UNKNOWN_TOPIC_OR_PARTITION: metadata of a topic created moments ago.
  'There is no leader for this topic-partition as we are in the middle of a leadership election',
  'This server does not host this topic-partition',
  // GROUP_COORDINATOR_NOT_AVAILABLE / GROUP_LOAD_IN_PROGRESS / NOT_COORDINATOR_FOR_GROUP: the first
  // group of a fresh broker creates __consumer_offsets; a coordinator moves or loads.
  'The group coordinator is not available',
  "The coordinator is loading and hence can't process requests for this group",
  'This is not the correct coordinator for this group',
  // REBALANCE_IN_PROGRESS: several members joining at once.
  'The group is rebalancing, so a rejoin is needed',
])

export function kafkajsLogLevel({
  namespace,
  level,
  log,
}: Pick<LogEntry, 'namespace' | 'level' | 'log'>): BusLogLevel {
  if (level === logLevel.ERROR) {
    const answer = (log as { error?: unknown }).error
    const brokerAnswer = namespace === 'Connection' && log.message.startsWith('Response ')
    return brokerAnswer && typeof answer === 'string' && benignBrokerAnswers.has(answer) ? 'debug' : 'error'
  }
  return level === logLevel.WARN ? 'warn' : 'debug'
}
