/**
 * Runs tasks one after another, in call order, whatever their callers' concurrency: a HEIC decode peaks at
 * ~12 bytes a pixel (~470 MB at the 40 MP limit), so a consumer handling several partitions at once
 * (CONSUMER_CONCURRENCY) still holds one decode's memory, not several. A failed task does not stop the next.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task)
    tail = run.catch(() => undefined)
    return run
  }
}
