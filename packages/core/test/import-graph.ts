/**
 * The import graph of TypeScript sources, read with the TypeScript compiler's parser (no type check, no
 * resolution through node_modules): what core's purity and layer tests and the architecture claims test
 * (services/e2e/src/architecture-claims.test.ts) hold the code to. Test support: reads files, so it lives
 * outside core's `src/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/** One module specifier a file imports (static or dynamic import, re-export, require). */
export interface ImportSite {
  from: string
  specifier: string
}

const skippedFolders = new Set(['node_modules', 'generated', 'dist', '.stack', '.turbo'])

/** Every `.ts` file under `root` (recursively), tests (`*.test.ts`) and declarations left out unless asked. */
export function listSourceFiles(root: string, options: { tests?: boolean } = {}): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        if (!skippedFolders.has(name)) walk(path)
      } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
        if (options.tests || !name.endsWith('.test.ts')) files.push(path)
      }
    }
  }
  walk(root)
  return files
}

const stringArgument = (node: ts.CallExpression): string | undefined => {
  const first = node.arguments[0]
  return first && ts.isStringLiteralLike(first) ? first.text : undefined
}

/** The specifiers one source text imports, in order. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteralLike(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (ts.isStringLiteralLike(expression)) specifiers.push(expression.text)
    } else if (ts.isCallExpression(node)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword
      const required = ts.isIdentifier(node.expression) && node.expression.text === 'require'
      const specifier = dynamic || required ? stringArgument(node) : undefined
      if (specifier !== undefined) specifiers.push(specifier)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}

/** Every import of every file. */
export function readImports(files: string[]): ImportSite[] {
  return files.flatMap((from) =>
    importSpecifiers(from, readFileSync(from, 'utf8')).map((specifier) => ({ from, specifier })),
  )
}

/** Whether `source` reads `process.env` (as `process.env`, `process['env']` or `const { env } = process`). */
export function readsProcessEnv(fileName: string, text: string): boolean {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const isProcess = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'process'
  let found = false
  const visit = (node: ts.Node) => {
    if (found) return
    if (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === 'env')
      found = true
    else if (ts.isElementAccessExpression(node) && isProcess(node.expression)) {
      const key = node.argumentExpression
      found = ts.isStringLiteralLike(key) && key.text === 'env'
    } else if (ts.isVariableDeclaration(node) && node.initializer && isProcess(node.initializer)) {
      const named = (e: ts.BindingElement) => {
        const key = e.propertyName ?? e.name
        return ts.isIdentifier(key) && key.text === 'env'
      }
      found = ts.isObjectBindingPattern(node.name) && node.name.elements.some(named)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Whether `text` calls a method named `method` on anything (`db.collection(…)`, `db.collection<T>(…)`). */
export function callsMethod(fileName: string, text: string, method: string): boolean {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  let found = false
  const visit = (node: ts.Node) => {
    if (found) return
    const callee = ts.isCallExpression(node) ? node.expression : undefined
    found = callee !== undefined && ts.isPropertyAccessExpression(callee) && callee.name.text === method
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export type SpecifierKind = 'relative' | 'node' | 'package'

const builtins = new Set(builtinModules)

/** What a specifier names, and the package (`@scope/name` or `name`, `node:` dropped) when not relative. */
export function classifySpecifier(specifier: string): { kind: SpecifierKind; name: string } {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return { kind: 'relative', name: specifier }
  const bare = specifier.replace(/^node:/, '')
  const parts = bare.split('/')
  const name = bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? bare)
  const node = specifier.startsWith('node:') || builtins.has(name)
  return { kind: node ? 'node' : 'package', name }
}

/** The file a relative specifier names (`x` → `x.ts`, `x/index.ts`, or `x` itself, e.g. a `.json`). */
export function resolveRelative(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier)
  const candidates = [`${target}.ts`, join(target, 'index.ts'), target, target.replace(/\.js$/, '.ts')]
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? target
}

/** `path` relative to `root`, with forward slashes. */
export const relativePath = (root: string, path: string) => relative(root, path).split('\\').join('/')

/**
 * One cycle in a directed graph given as `from → to` pairs, or undefined when it has none: the nodes in
 * order, the first repeated at the end.
 */
export function findCycle(edges: Array<[string, string]>): string[] | undefined {
  const next = new Map<string, string[]>()
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to])
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    if (state.get(node) === 'done') return undefined
    state.set(node, 'open')
    path.push(node)
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to)
      if (cycle) return cycle
    }
    path.pop()
    state.set(node, 'done')
    return undefined
  }
  for (const node of [...next.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}
