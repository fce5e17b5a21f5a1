/**
 * Function lengths, read with the TypeScript compiler's parser: what the house rule "no function over 80 lines"
 * (ARCHITECTURE.md, "Rules the code keeps") is measured with. A function counts every line from its first token
 * to its last, nested functions included, so a factory returning many closures is as long as all of them.
 */
import ts from 'typescript'

export interface FunctionLength {
  name: string
  /** 1-based line of the function's first token. */
  line: number
  lines: number
}

const nameOf = (node: ts.FunctionLikeDeclaration): string => {
  if (node.name) return node.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText()
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`
  return '(anonymous)'
}

/** Every function, arrow function, function expression and method of `text` longer than `limit` lines. */
export function functionsLongerThan(fileName: string, text: string, limit: number): FunctionLength[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const found: FunctionLength[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = last - first + 1
      if (lines > limit) found.push({ name: nameOf(node), line: first + 1, lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}
