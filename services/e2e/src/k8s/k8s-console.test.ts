/**
 * The review console's manifests (deploy/k8s/base/console.yaml, overlays/production/console-ingress.yaml)
 * against its code: reachable only through TLS at exactly the address the console believes is its own (so
 * the session cookie is `Secure` and the CSRF origin check holds), its health port (with /metrics) never
 * routed from outside, production refusing an http address, and egress covering what it talks to. The
 * checks every service shares (image, probes, secrets, budgets, drains) are in k8s-manifests.test.ts.
 */
import { loadConsoleConfig } from '@rv/config'
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment'
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import type { IService } from 'kubernetes-models/v1/Service'
import { describe, expect, it } from 'vitest'
import { configOf, kindsOf, objectsOf, readDocs } from './manifests'

const production = objectsOf('overlays/production')
const [deployment] = kindsOf<IDeployment>(objectsOf('base'), 'Deployment').filter(
  (d) => d.metadata?.name === 'console',
)
const container = deployment?.spec?.template.spec?.containers[0]
const env = Object.fromEntries((container?.env ?? []).map((e) => [e.name, e.value ?? '']))
const secret = (readDocs('secret.example.yaml').find(
  (d) => d.object?.metadata && (d.object.metadata as { name: string }).name === 'rv-console',
)?.object?.stringData ?? {}) as Record<string, string>

/** rv-config, the console's Secret (no KAFKA_SASL_* where the cluster has no SASL) and its own env. */
function podEnv(overlay: string): Record<string, string> {
  const config = configOf(overlay)
  const secrets = Object.entries(secret).filter(
    ([k]) => config.KAFKA_SASL_MECHANISM !== undefined || !k.startsWith('KAFKA_SASL_'),
  )
  return { ...config, ...Object.fromEntries(secrets), ...env }
}

describe('deploy/k8s: the review console', () => {
  it('listens on every interface, with /metrics on its health port only', () => {
    const ports = new Map((container?.ports ?? []).map((p) => [p.name, p.containerPort]))
    const config = loadConsoleConfig(podEnv('base'))
    expect(config.http).toEqual({ host: '0.0.0.0', port: ports.get('http') })
    expect(config.health.port).toBe(ports.get('health'))
    expect(config.health.port).not.toBe(config.http.port)
    const [service] = kindsOf<IService>(objectsOf('base'), 'Service').filter(
      (s) => s.metadata?.name === 'console',
    )
    expect(service?.spec?.ports?.map((p) => p.targetPort)).toEqual(['http'])
  })

  it('is exposed in production by an Ingress with TLS for exactly its public address', () => {
    const config = loadConsoleConfig(podEnv('overlays/production'))
    const url = new URL(config.publicUrl)
    expect(url.protocol).toBe('https:')
    const [ingress, ...more] = kindsOf<IIngress>(production, 'Ingress')
    expect(more).toEqual([])
    const rule = ingress?.spec?.rules?.[0]
    expect(rule?.host).toBe(url.host)
    expect(ingress?.spec?.tls?.flatMap((t) => t.hosts ?? [])).toContain(url.host)
    expect(ingress?.spec?.tls?.[0]?.secretName).toBeTruthy()
    const backends = rule?.http?.paths.map((p) => p.backend.service) ?? []
    expect(backends).toEqual([{ name: 'console', port: { name: 'http' } }])
  })

  it('refuses to start in production on an http address (the cookie would not be Secure) or a plaintext bus', () => {
    const env = podEnv('overlays/production')
    expect(() => loadConsoleConfig(env)).not.toThrow()
    expect(() => loadConsoleConfig({ ...env, CONSOLE_PUBLIC_URL: 'http://console.rv.example.com' })).toThrow(
      /https CONSOLE_PUBLIC_URL/,
    )
    expect(() => loadConsoleConfig({ ...env, SCHEMA_REGISTRY_URL: 'http://r/apis/ccompat/v7' })).toThrow(
      /https SCHEMA_REGISTRY_URL/,
    )
    // Outside production an http address is fine (a laptop, compose).
    expect(() =>
      loadConsoleConfig({ ...podEnv('overlays/single-broker'), CONSOLE_PUBLIC_URL: 'http://127.0.0.1:8090' }),
    ).not.toThrow()
  })

  it('may reach in production only what it uses: MongoDB, S3, Kafka and the registry', () => {
    const config = loadConsoleConfig(podEnv('overlays/production'))
    const egress = production.filter(
      (o) => o.kind === 'NetworkPolicy' && JSON.stringify(o).includes('Egress'),
    )
    const ports = new Set(
      JSON.stringify(egress)
        .match(/"port":\d+/g)
        ?.map((p) => Number(p.split(':')[1])) ?? [],
    )
    const portOf = (u: string, fallback: number) => Number(new URL(u).port || fallback)
    expect(ports.has(portOf(config.registry.url, 443))).toBe(true)
    expect(ports.has(portOf(config.s3.endpoint ?? 'https://s3', 443))).toBe(true)
    expect(ports.has(27017)).toBe(true)
    for (const broker of config.kafka.brokers) expect(ports.has(Number(broker.split(':').at(-1)))).toBe(true)
  })
})
