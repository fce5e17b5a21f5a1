/** Deletes registry subjects for good; unknown subjects are skipped. */
export async function deleteSubjects(registryUrl: string, subjects: string[]): Promise<void> {
  for (const subject of subjects) {
    const base = `${registryUrl}/subjects/${encodeURIComponent(subject)}`
    // Confluent-compatible registries refuse a permanent delete of a subject that is not soft-deleted first.
    for (const url of [base, `${base}?permanent=true`]) {
      const res = await fetch(url, { method: 'DELETE' })
      await res.body?.cancel()
      if (!res.ok && res.status !== 404) throw new Error(`DELETE ${url} answered ${res.status}`)
    }
  }
}
