/**
 * Validates a manifest against the Kubernetes (and KEDA) OpenAPI schemas shipped by `kubernetes-models`,
 * offline: wrong types, missing required members, bad enum values. Kinds this project does not use are
 * refused, so a new kind gets a schema here before it gets into deploy/k8s.
 */
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject'
import { Deployment } from 'kubernetes-models/apps/v1/Deployment'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { CronJob } from 'kubernetes-models/batch/v1/CronJob'
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget'
import { Secret } from 'kubernetes-models/v1/Secret'
import { Service } from 'kubernetes-models/v1/Service'
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount'

const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1 CronJob': CronJob,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'v1 ServiceAccount': ServiceAccount,
  'keda.sh/v1alpha1 ScaledObject': ScaledObject,
}

/** The schema violations of `object` ([] when valid), or why it could not be checked. */
export function schemaProblems(object: Record<string, unknown>): string[] {
  const key = `${String(object.apiVersion)} ${String(object.kind)}`
  const Model = models[key]
  if (!Model) return [`no schema for ${key}`]
  try {
    new Model(object as never).validate()
    return []
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
}
