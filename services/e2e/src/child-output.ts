/**
 * A started process's output, passed on to this one's (or not) and its last lines kept, so a failed
 * start-up can say why (start-services.ts, start-console.ts).
 */
import type { ChildProcess } from 'node:child_process'

export const TAIL_LINES = 30

/** The last `TAIL_LINES` lines of the child's stdout and stderr, as they arrive; `onLine` sees each. */
export function keepOutput(
  child: ChildProcess,
  output: 'inherit' | 'ignore',
  onLine?: (line: string) => void,
): string[] {
  const tail: string[] = []
  // A chunk may end inside a line: the rest of it comes with the next chunk of the same stream.
  const keep = (to: NodeJS.WriteStream) => {
    let partial = ''
    return (chunk: Buffer) => {
      if (output === 'inherit') to.write(chunk)
      const parts = (partial + chunk.toString('utf8')).split('\n')
      partial = parts.pop() ?? ''
      const lines = parts.filter((line) => line.length > 0)
      for (const line of lines) onLine?.(line)
      tail.push(...lines)
      tail.splice(0, Math.max(0, tail.length - TAIL_LINES))
    }
  }
  child.stdout?.on('data', keep(process.stdout))
  child.stderr?.on('data', keep(process.stderr))
  return tail
}
