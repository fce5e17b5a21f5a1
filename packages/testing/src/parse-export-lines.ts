/**
 * Parses the `export NAME=value` lines printed by `deploy/native/stack.sh env`.
 * Values may be single- or double-quoted; other lines are ignored.
 */
export function parseExportLines(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(raw)
    if (!match) continue
    const [, name, rest] = match as unknown as [string, string, string]
    let value = rest.trim()
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1)
    }
    vars[name] = value
  }
  return vars
}
