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

/** A path on the page's own origin: `/…` but not `//host/…`, as written (a literal or a template's head). */
function isSelfPath(node: ts.Expression): boolean {
  const text = ts.isStringLiteralLike(node)
    ? node.text
    : ts.isTemplateExpression(node)
      ? node.head.text
      : undefined
  return text?.startsWith('/') === true && !text.startsWith('//')
}

/**
 * Whether a `createElement('script')` only ever loads from the page's own origin (plan J1 refuses a
 * script element with a non-self `src`): it is kept in a variable, and every `.src` given to that
 * variable in the file is a path of this origin. Anything else (no variable, no `src`, a `src`
 * from elsewhere) is refused.
 */
function loadsSelfOnly(file: ts.SourceFile, create: ts.CallExpression): boolean {
  const declaration = create.parent
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false
  const name = declaration.name.text
  const sources: ts.Expression[] = []
  const find = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      ts.isIdentifier(node.left.expression) &&
      node.left.expression.text === name &&
      node.left.name.text === 'src'
    )
      sources.push(node.right)
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      // script.setAttribute('src', …) counts as a src too.
      const [attribute, value] = node.arguments
      if (
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === name &&
        node.expression.name.text === 'setAttribute' &&
        attribute &&
        ts.isStringLiteralLike(attribute) &&
        attribute.text.toLowerCase() === 'src' &&
        value
      )
        sources.push(value)
    }
    ts.forEachChild(node, find)
  }
  find(file)
  return sources.length > 0 && sources.every(isSelfPath)
}

/**
 * The constructs that would let a string become code, weaken randomness or load code from a
 * runtime address, in one source file (TypeScript or built JavaScript): `eval(…)`,
 * `new Function(…)` or `Function(…)`, any use of `Math.random`, `createElement('script')` but for
 * one whose every `src` is a path of the page's own origin (plan J1), and
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
        node.arguments[0].text.toLowerCase() === 'script' &&
        !loadsSelfOnly(file, node)
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
