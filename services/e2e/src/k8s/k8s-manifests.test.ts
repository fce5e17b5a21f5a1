/**
 * deploy/k8s against the code it deploys: every YAML parses and passes its Kubernetes/KEDA schema, the
 * services and the review console run the right entry point from one image with both probes on the port they listen on, every
 * variable name is one @rv/config reads (and each overlay's configuration parses through it), secrets stay
 * out of the ConfigMap, drains fit the grace period, and the KEDA consumer groups, topics and replica bounds
 * match the code and the configured partitions.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject'
import { serviceBundle } from '@rv/build'
import {
  createEnvReader,
  describeConfig,
  type Env,
  loadAggregatorConfig,
  loadConsoleConfig,
  loadGatewayConfig,
  loadRetentionJobConfig,
  loadSettlementConfig,
  loadStageConfig,
  loadWebhooksConfig,
  readKafka,
  type StageService,
} from '@rv/config'
import { partitionsOf } from '@rv/kafka'
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment'
import type { ICronJob } from 'kubernetes-models/batch/v1/CronJob'
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget'
import type { IContainer } from 'kubernetes-models/v1/Container'
import type { ISecret } from 'kubernetes-models/v1/Secret'
import type { IService } from 'kubernetes-models/v1/Service'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { repoRoot } from '../start-services'
import {
  configOf,
  k8sRoot,
  kindsOf,
  kustomizationOf,
  objectsOf,
  overlays,
  readDocs,
  yamlFiles,
} from './manifests'
import { schemaProblems } from './validate-object'

const services = [
  'gateway',
  'extraction',
  'authenticity',
  'matching',
  'replay',
  'aggregator',
  'settlement',
  'webhooks',
  'console',
] as const
/** Scaled by Kafka lag (KEDA); the gateway and the console (a web application) by CPU. */
const consumers = services.filter((s) => s !== 'gateway' && s !== 'console')
const stages: readonly StageService[] = ['extraction', 'authenticity', 'matching', 'replay']
/** The image every Deployment names; overlays rename it (`images:`). */
const image = 'rv-service'
/** Upper bound of a service's graceful part after SIGTERM: the bus close (packages/kafka shutdown.ts). */
const busCloseSeconds = 10

const documented = describeConfig()
const configNames = new Set(documented.map((d) => d.name))
const secretNames = documented.filter((d) => d.secret).map((d) => d.name)

const base = objectsOf('base')
const deployments = kindsOf<IDeployment>(base, 'Deployment')

function deploymentOf(name: string): IDeployment {
  const found = deployments.find((d) => d.metadata?.name === name)
  if (!found) throw new Error(`no Deployment ${name} in deploy/k8s/base`)
  return found
}

function containerOf(name: string): IContainer {
  const containers = deploymentOf(name).spec?.template.spec?.containers ?? []
  expect(containers).toHaveLength(1)
  return containers[0] as IContainer
}

function envOf(container: IContainer): Record<string, string> {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? '']))
}

function podLabels(name: string): Record<string, string> {
  return deploymentOf(name).spec?.template.metadata?.labels ?? {}
}

function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  const pairs = Object.entries(selector ?? {})
  return pairs.length > 0 && pairs.every(([k, v]) => labels[k] === v)
}

/** The Secrets every installation copies: one per service (`rv-<service>`). */
const secretExamples = readDocs('secret.example.yaml').map((d) => d.object as unknown as ISecret)

function secretOf(service: string): Record<string, string> {
  const found = secretExamples.find((s) => s.metadata?.name === `rv-${service}`)
  if (!found) throw new Error(`no Secret rv-${service} in secret.example.yaml`)
  return found.stringData ?? {}
}

/** Every key any service's Secret holds. */
const secretKeys = new Set(secretExamples.flatMap((s) => Object.keys(s.stringData ?? {})))

/**
 * What a pod of `service` sees in an overlay: rv-config, its own Secret (the example's keys; a cluster
 * without SASL has no KAFKA_SASL_* in it), its own env.
 */
function podEnv(overlay: string, service: string): Env {
  const config = configOf(overlay)
  const secrets = Object.entries(secretOf(service)).filter(
    ([k]) => config.KAFKA_SASL_MECHANISM !== undefined || !k.startsWith('KAFKA_SASL_'),
  )
  return { ...config, ...Object.fromEntries(secrets), ...envOf(containerOf(service)) }
}

/** The topics a consumer subscribes to, read from its composition root. */
function consumedTopics(service: string): string[] {
  const main = readFileSync(resolve(repoRoot, `services/${service}/src/main.ts`), 'utf8')
  const single = /consumes: '([^']+)'/.exec(main)?.[1]
  if (single) return [single]
  const list = /topics: \[([^\]]+)\]/.exec(main)?.[1] ?? ''
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] as string)
}

describe('deploy/k8s manifests', () => {
  it('every YAML file parses and every Kubernetes object passes its schema', () => {
    const files = yamlFiles()
    expect(files.length).toBeGreaterThan(10)
    for (const file of files)
      for (const doc of readDocs(file)) {
        expect(doc.errors, file).toEqual([])
        const kind = doc.object?.kind
        if (!doc.object || kind === 'Kustomization' || kind === 'Component') continue
        expect(schemaProblems(doc.object), `${file}: ${String(kind)}`).toEqual([])
      }
  })

  it('every YAML file in base and components is a resource of its kustomization (nothing silently left out)', () => {
    for (const dir of ['base', 'components/keda']) {
      const listed = new Set((kustomizationOf(dir).resources as string[]) ?? [])
      const files = yamlFiles(resolve(k8sRoot, dir))
        .map((f) => f.slice(dir.length + 1))
        .filter((f) => f !== 'kustomization.yaml')
      expect(
        files.filter((f) => !listed.has(f)),
        dir,
      ).toEqual([])
    }
  })

  it('has the seven services and the console, each running its own entry point from the one service image', () => {
    expect(deployments.map((d) => d.metadata?.name).sort()).toEqual([...services].sort())
    for (const service of services) {
      const container = containerOf(service)
      expect(container.image).toBe(image)
      // The bundle the image builds from the service's entry (packages/build), run without a TypeScript loader.
      expect(container.command).toEqual(['node', '--enable-source-maps', serviceBundle(service)])
      expect(existsSync(resolve(repoRoot, `services/${service}/src/main.ts`)), service).toBe(true)
    }
    expect(readFileSync(resolve(repoRoot, 'deploy/docker/service.Dockerfile'), 'utf8')).toMatch(
      /exec node --enable-source-maps services\/\$SERVICE\/dist\/main\.js/,
    )
    for (const overlay of overlays()) {
      const images = (kustomizationOf(overlay).images as { name: string }[] | undefined) ?? []
      expect(
        images.every((i) => i.name === image),
        overlay,
      ).toBe(true)
    }
  })

  it('probes /healthz (liveness, start-up) and /readyz (readiness) on the port each service listens on', () => {
    for (const service of services) {
      const container = containerOf(service)
      const env = envOf(container)
      // The gateway's probes are on its operator port; its public port serves /v1 (and /healthz) only.
      const listenPort = Number(service === 'gateway' ? env.OPERATOR_PORT : env.HEALTH_PORT)
      expect(listenPort, service).toBeGreaterThan(0)
      const ports = new Map((container.ports ?? []).map((p) => [p.name, p.containerPort]))
      for (const [probe, path] of [
        ['livenessProbe', '/healthz'],
        ['startupProbe', '/healthz'],
        ['readinessProbe', '/readyz'],
      ] as const) {
        const get = container[probe]?.httpGet
        expect(get?.path, `${service} ${probe}`).toBe(path)
        expect(ports.get(String(get?.port)), `${service} ${probe} port`).toBe(listenPort)
      }
    }
    // The kubelet probes the pod IP; the default 127.0.0.1 would fail every probe.
    expect(configOf('base').HOST).toBe('0.0.0.0')
  })

  it('names only variables @rv/config reads, keeps secrets out of the ConfigMap, and every overlay parses', () => {
    const names = new Set<string>(secretKeys)
    for (const service of services)
      for (const name of Object.keys(envOf(containerOf(service)))) names.add(name)
    for (const dir of ['base', ...overlays()]) for (const name of Object.keys(configOf(dir))) names.add(name)
    expect([...names].filter((n) => !configNames.has(n))).toEqual([])

    for (const dir of ['base', ...overlays()]) {
      const inConfigMap = Object.keys(configOf(dir))
      expect(
        inConfigMap.filter((n) => secretNames.includes(n)),
        dir,
      ).toEqual([])
    }
    expect(secretNames.filter((n) => !secretKeys.has(n))).toEqual([])

    for (const service of services) {
      const refs = containerOf(service).envFrom ?? []
      expect(
        refs.map((r) => r.configMapRef?.name ?? r.secretRef?.name),
        service,
      ).toEqual(['rv-config', `rv-${service}`])
    }
    for (const overlay of overlays()) {
      expect(() => loadGatewayConfig(podEnv(overlay, 'gateway')), overlay).not.toThrow()
      for (const stage of stages) expect(() => loadStageConfig(stage, podEnv(overlay, stage))).not.toThrow()
      expect(() => loadAggregatorConfig(podEnv(overlay, 'aggregator')), overlay).not.toThrow()
      expect(() => loadSettlementConfig(podEnv(overlay, 'settlement')), overlay).not.toThrow()
      expect(() => loadWebhooksConfig(podEnv(overlay, 'webhooks')), overlay).not.toThrow()
      expect(() => loadConsoleConfig(podEnv(overlay, 'console')), overlay).not.toThrow()
    }
  })

  it('gives each service only the secrets it needs, with its own store, Kafka and registry users', () => {
    const common = [
      'MONGODB_URL',
      'KAFKA_SASL_USERNAME',
      'KAFKA_SASL_PASSWORD',
      'SCHEMA_REGISTRY_USERNAME',
      'SCHEMA_REGISTRY_PASSWORD',
    ]
    const files = ['S3_ACCESS_KEY', 'S3_SECRET_KEY']
    const needs: Record<(typeof services)[number], string[]> = {
      gateway: [...common, ...files],
      extraction: [...common, ...files, 'VLM_API_KEY'],
      authenticity: [...common, ...files],
      matching: common,
      replay: [...common, 'REPLAY_KEY_SECRET'],
      aggregator: common,
      settlement: common,
      webhooks: common,
      // Reads the files it streams to analysts (a read-only S3 key).
      console: [...common, ...files],
    }
    for (const service of services)
      expect(Object.keys(secretOf(service)).sort(), service).toEqual(needs[service].sort())
    for (const key of ['MONGODB_URL', 'KAFKA_SASL_USERNAME', 'SCHEMA_REGISTRY_USERNAME']) {
      const users = services.map((s) => secretOf(s)[key])
      expect(new Set(users).size, key).toBe(services.length)
    }
  })

  it('sweeps retention hourly from the service image, one pass at a time, with its own Secret', () => {
    const jobs = base.filter((o) => o.kind === 'CronJob') as unknown as ICronJob[]
    expect(jobs.map((j) => j.metadata?.name)).toEqual(['retention'])
    const spec = jobs[0]?.spec
    expect(spec?.concurrencyPolicy).toBe('Forbid')
    const container = spec?.jobTemplate.spec?.template.spec?.containers[0]
    expect(container?.image).toBe(image)
    expect(container?.command).toEqual(['node', '--enable-source-maps', serviceBundle('retention')])
    expect(existsSync(resolve(repoRoot, 'services/retention/src/main.ts'))).toBe(true)
    expect(container?.envFrom?.map((r) => r.configMapRef?.name ?? r.secretRef?.name)).toEqual([
      'rv-config',
      'rv-retention',
    ])
    expect(Object.keys(secretOf('retention')).sort()).toEqual([
      'MONGODB_URL',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
    ])
    const env = { ...configOf('overlays/production'), ...secretOf('retention') }
    expect(loadRetentionJobConfig(env).retention.defaultDays).toBeGreaterThan(0)
  })

  it('production refuses to start without TLS and SASL to Kafka and https to the registry', () => {
    const env = podEnv('overlays/production', 'replay')
    expect(env.RV_ENV).toBe('production')
    expect(loadStageConfig('replay', env).kafka.security).toMatchObject({
      tls: { rejectUnauthorized: true },
      sasl: { mechanism: 'scram-sha-512', username: 'rv-replay' },
    })
    const { KAFKA_SSL: _ssl, KAFKA_SASL_MECHANISM: _sasl, ...plain } = env
    expect(() => loadStageConfig('replay', plain)).toThrow(/RV_ENV=production requires TLS/)
    const { KAFKA_SSL: _cssl, ...consolePlain } = podEnv('overlays/production', 'console')
    expect(() => loadConsoleConfig(consolePlain)).toThrow(/RV_ENV=production requires TLS/)
    expect(() =>
      loadGatewayConfig({ ...env, SCHEMA_REGISTRY_URL: 'http://registry/apis/ccompat/v7' }),
    ).toThrow(/https SCHEMA_REGISTRY_URL/)
  })

  it('denies all ingress but the gateway and console HTTP ports, and production egress to the servers only', () => {
    const policies = base.filter((o) => o.kind === 'NetworkPolicy') as {
      metadata: { name: string }
      spec: {
        podSelector: { matchLabels?: Record<string, string> }
        policyTypes: string[]
        ingress?: unknown[]
      }
    }[]
    const deny = policies.find((p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0)
    expect(deny?.spec.policyTypes).toEqual(['Ingress'])
    expect(deny?.spec.ingress ?? []).toEqual([])
    const opened = policies.filter((p) => (p.spec.ingress ?? []).length > 0)
    expect(opened.map((p) => p.spec.podSelector.matchLabels)).toEqual([
      { 'app.kubernetes.io/name': 'gateway' },
      { 'app.kubernetes.io/name': 'console' },
    ])
    expect(JSON.stringify(opened[0]?.spec.ingress)).toContain('8080')
    // The gateway's public port only: its operator port serves /metrics and /readyz.
    const gatewayPorts = new Map((containerOf('gateway').ports ?? []).map((p) => [p.name, p.containerPort]))
    expect(gatewayPorts.get('operator')).toBe(Number(envOf(containerOf('gateway')).OPERATOR_PORT))
    expect(JSON.stringify(opened[0]?.spec.ingress)).not.toContain(String(gatewayPorts.get('operator')))
    // The console's analysts' port only: its health port serves /metrics.
    const consolePorts = new Map((containerOf('console').ports ?? []).map((p) => [p.name, p.containerPort]))
    expect(JSON.stringify(opened[1]?.spec.ingress)).toContain(String(consolePorts.get('http')))
    expect(JSON.stringify(opened[1]?.spec.ingress)).not.toContain(String(consolePorts.get('health')))
    const egress = objectsOf('overlays/production').filter(
      (o) => o.kind === 'NetworkPolicy' && JSON.stringify(o).includes('Egress'),
    )
    expect(egress).toHaveLength(1)
  })

  it('gives every container requests and a memory limit, and leaves replicas to the autoscalers', () => {
    for (const service of services) {
      const { resources } = containerOf(service)
      expect(resources?.requests?.cpu, service).toBeDefined()
      expect(resources?.requests?.memory, service).toBeDefined()
      expect(resources?.limits?.memory, service).toBeDefined()
      expect(
        deploymentOf(service).spec?.replicas,
        `${service}: kubectl apply would fight the autoscaler`,
      ).toBe(undefined)
    }
  })

  it('waits longer before SIGKILL than a service takes to drain', () => {
    for (const service of services) {
      const pod = deploymentOf(service).spec?.template.spec
      const preStop = containerOf(service).lifecycle?.preStop?.exec?.command ?? []
      const preStopSeconds = preStop[0] === 'sleep' ? Number(preStop[1]) : 0
      // The gateway may hold a `Prefer: wait` request up to MAX_WAIT_SECONDS.
      const held =
        service === 'gateway' ? loadGatewayConfig(podEnv('base', service)).limits.maxWaitSeconds : 0
      expect(pod?.terminationGracePeriodSeconds, service).toBeGreaterThanOrEqual(
        preStopSeconds + held + busCloseSeconds,
      )
    }
  })

  it('exposes the gateway and the console through a Service on their HTTP port and covers every service by a disruption budget', () => {
    const exposed = kindsOf<IService>(base, 'Service')
    expect(exposed.map((s) => s.metadata?.name)).toEqual(['gateway', 'console'])
    for (const service of exposed) {
      const name = service.metadata?.name ?? ''
      expect(selects(service.spec?.selector, podLabels(name)), name).toBe(true)
      expect(service.spec?.ports?.map((p) => p.targetPort)).toEqual(['http'])
      expect((containerOf(name).ports ?? []).map((p) => p.name)).toContain('http')
    }
    const budgets = kindsOf<IPodDisruptionBudget>(base, 'PodDisruptionBudget')
    for (const service of services)
      expect(
        budgets.filter((b) => selects(b.spec?.selector?.matchLabels, podLabels(service))),
        service,
      ).toHaveLength(1)
  })

  it('scales each consumer by the lag of its own group and topics, never beyond their partitions', () => {
    const withKeda = overlays().filter((o) =>
      ((kustomizationOf(o).components as string[] | undefined) ?? []).some((c) =>
        c.endsWith('components/keda'),
      ),
    )
    expect(withKeda.length).toBeGreaterThan(0)
    for (const overlay of withKeda) {
      const scaled = kindsOf<IScaledObject>(objectsOf(overlay), 'ScaledObject')
      expect(scaled.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual([...consumers].sort())
      for (const object of scaled) {
        const service = object.spec.scaleTargetRef.name
        // The Kafka section of the service's own environment (the whole config would also want its keys).
        const config = { kafka: readKafka(createEnvReader(podEnv(overlay, service)), service) }
        const [trigger, ...more] = object.spec.triggers
        expect(more).toEqual([])
        expect(trigger?.type).toBe('kafka')
        const metadata = trigger?.metadata ?? {}
        expect(metadata.consumerGroup, service).toBe(`${config.kafka.groupPrefix}-${service}`)
        expect(metadata.bootstrapServersFromEnv).toBe('KAFKA_BROKERS')
        const topics = consumedTopics(service)
        expect(topics.length, service).toBeGreaterThan(0)
        // One topic: scale on it; several (the aggregator): no topic = every topic of the group.
        expect(metadata.topic, service).toBe(topics.length === 1 ? topics[0] : undefined)
        const partitions = Math.min(...topics.map((t) => partitionsOf(config.kafka.topics, t)))
        expect(object.spec.maxReplicaCount, `${overlay} ${service}`).toBeLessThanOrEqual(partitions)
        expect(object.spec.minReplicaCount ?? 0, service).toBeGreaterThanOrEqual(1)
      }
    }
  })

  it("gives the aggregator's five input topics one partition count in every overlay: its consumer is co-partitioned", () => {
    const topics = consumedTopics('aggregator')
    expect(topics).toHaveLength(5)
    for (const overlay of overlays()) {
      const { topics: layout } = readKafka(createEnvReader(podEnv(overlay, 'aggregator')), 'aggregator')
      const counts = Object.fromEntries(topics.map((t) => [t, partitionsOf(layout, t)]))
      expect(new Set(Object.values(counts)).size, `${overlay}: ${JSON.stringify(counts)}`).toBe(1)
    }
  })

  it('runs production on replicated topics: replication factor 3, min.insync.replicas 2', () => {
    const { topics } = loadStageConfig('extraction', podEnv('overlays/production', 'extraction')).kafka
    expect(topics.replicationFactor).toBeGreaterThanOrEqual(3)
    expect(topics.minInsyncReplicas).toBe(2)
    // A single broker cannot hold more than one replica.
    expect(
      loadStageConfig('extraction', podEnv('overlays/single-broker', 'extraction')).kafka.topics
        .replicationFactor,
    ).toBe(1)
  })

  // kubectl is optional (not installed in CI): when present, the overlays must also build for real.
  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0
  it.skipIf(!kubectl)(
    'every overlay builds with kubectl kustomize, and what it renders passes the schemas',
    () => {
      for (const overlay of overlays()) {
        const built = spawnSync('kubectl', ['kustomize', resolve(k8sRoot, overlay)], { encoding: 'utf8' })
        expect(built.stderr, overlay).toBe('')
        expect(built.status, overlay).toBe(0)
        const objects = parseAllDocuments(built.stdout).map((d) => d.toJS() as Record<string, unknown>)
        expect(objects.filter((o) => o.kind === 'Deployment')).toHaveLength(services.length)
        for (const object of objects.filter((o) => o.kind !== 'ConfigMap'))
          expect(schemaProblems(object), `${overlay}: ${String(object.kind)}`).toEqual([])
      }
    },
  )
})
