import ts from 'typescript'

/** One construct the hygiene scan refuses, with where it is. */
export interface UnsafeCode {
  file: string
  line: number
  /** What was found: `eval`, `new Function`, `Math.random`, `script element`, `import(runtime)`. */
  kind: string
}

/** Whether an expression is the global `Function` constructor or `eval`, however reached. */
function globalName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text
  if (
    ts.isPropertyAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    ['window', 'globalThis', 'self'].includes(node.expression.text)
  )
    return node.name.text
  if (
    ts.isElementAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    ['window', 'globalThis', 'self'].includes(node.expression.text) &&
    ts.isStringLiteralLike(node.argumentExpression)
  )
    return node.argumentExpression.text
  return undefined
}

/**
 * The constructs that would let a string become code, weaken randomness or load code from a
 * runtime address, in one source file (TypeScript or built JavaScript): `eval(…)`,
 * `new Function(…)` or `Function(…)`, any use of `Math.random`, `createElement('script')`, and
 * `import(x)` whose argument is not a literal string.
 * @example
 * findUnsafeCode('a.ts', 'eval(x)') // [{ file: 'a.ts', line: 1, kind: 'eval' }]
 */
export function findUnsafeCode(fileName: string, source: string): UnsafeCode[] {
  const kind = /\.tsx$|\.jsx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind)
  const found: UnsafeCode[] = []
  const report = (node: ts.Node, what: string) =>
    found.push({
      file: fileName,
      line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      kind: what,
    })
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression
      const name = globalName(callee)
      if (name === 'eval' && ts.isCallExpression(node)) report(node, 'eval')
      if (name === 'Function') report(node, 'new Function')
      if (callee.kind === ts.SyntaxKind.ImportKeyword && ts.isCallExpression(node)) {
        const [argument] = node.arguments
        if (!argument || !ts.isStringLiteralLike(argument)) report(node, 'import(runtime)')
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'createElement' &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0]) &&
        node.arguments[0].text.toLowerCase() === 'script'
      )
        report(node, 'script element')
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'random' &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Math'
    )
      report(node, 'Math.random')
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}
