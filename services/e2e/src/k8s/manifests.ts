/**
 * Reads deploy/k8s as the tests see it: every YAML document with the file it came from, the kustomizations,
 * and the rv-config variables of each overlay (base config.env with the overlay's merged over it, as the
 * configMapGenerator `behavior: merge` does).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { repoRoot } from '../start-services'

export const k8sRoot = resolve(repoRoot, 'deploy/k8s')

/** One parsed YAML document; `object` is the plain value (null for an empty document). */
export interface ManifestDoc {
  file: string
  object: Record<string, unknown> | null
  errors: string[]
}

export function yamlFiles(dir = k8sRoot): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => relative(k8sRoot, join(e.parentPath, e.name)))
    .sort()
}

export function readDocs(file: string): ManifestDoc[] {
  return parseAllDocuments(readFileSync(join(k8sRoot, file), 'utf8')).map((doc) => ({
    file,
    object: doc.toJS() as Record<string, unknown> | null,
    errors: [...doc.errors, ...doc.warnings].map((e) => e.message),
  }))
}

/** Kubernetes objects (not kustomize files) of one folder's kustomization `resources`, resolved recursively. */
export function objectsOf(kustomizationDir: string): Record<string, unknown>[] {
  const kustomization = kustomizationOf(kustomizationDir)
  const objects: Record<string, unknown>[] = []
  const entries = [
    ...((kustomization.resources as string[] | undefined) ?? []),
    ...((kustomization.components as string[] | undefined) ?? []),
  ]
  for (const entry of entries) {
    const path = join(kustomizationDir, entry)
    if (existsSync(join(k8sRoot, path, 'kustomization.yaml'))) objects.push(...objectsOf(path))
    else for (const doc of readDocs(path)) if (doc.object) objects.push(doc.object)
  }
  return objects
}

export function kustomizationOf(dir: string): Record<string, unknown> {
  const [doc] = readDocs(join(dir, 'kustomization.yaml'))
  if (!doc?.object) throw new Error(`${dir}/kustomization.yaml is empty`)
  return doc.object
}

/** KEY=VALUE lines of a kustomize env file (comments and blank lines skipped). */
export function readEnvFile(file: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const line of readFileSync(join(k8sRoot, file), 'utf8').split('\n')) {
    const text = line.trim()
    if (text === '' || text.startsWith('#')) continue
    const at = text.indexOf('=')
    if (at <= 0) throw new Error(`${file}: "${text}" is not KEY=VALUE`)
    vars[text.slice(0, at)] = text.slice(at + 1)
  }
  return vars
}

/** The rv-config ConfigMap's data of a kustomization folder: its generator's env files over its bases'. */
export function configOf(dir: string): Record<string, string> {
  const kustomization = kustomizationOf(dir)
  let vars: Record<string, string> = {}
  for (const entry of (kustomization.resources as string[] | undefined) ?? []) {
    const path = join(dir, entry)
    if (existsSync(join(k8sRoot, path, 'kustomization.yaml'))) vars = { ...vars, ...configOf(path) }
  }
  const generators =
    (kustomization.configMapGenerator as { name: string; envs?: string[] }[] | undefined) ?? []
  for (const generator of generators.filter((g) => g.name === 'rv-config'))
    for (const env of generator.envs ?? []) vars = { ...vars, ...readEnvFile(join(dir, env)) }
  return vars
}

export function overlays(): string[] {
  return readdirSync(join(k8sRoot, 'overlays')).map((name) => `overlays/${name}`)
}

/** The objects of one kind, typed by the caller (kubernetes-models' interfaces; the schema check is separate). */
export function kindsOf<T>(objects: Record<string, unknown>[], kind: string): T[] {
  return objects.filter((o) => o.kind === kind) as T[]
}
