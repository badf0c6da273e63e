import ts from 'typescript'

/** A piece of text a screen may show: a string literal, a template's literal part or JSX text, with its line. */
export interface TextPiece {
  line: number
  text: string
}

/**
 * The texts of a TypeScript/TSX source that can reach a screen: string literals, the literal parts of templates and
 * JSX text. Comments, identifiers, module specifiers and literal types are code, not words, and are left out.
 */
export function visibleTexts(source: string, fileName = 'source.tsx'): TextPiece[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind)
  const pieces: TextPiece[] = []
  const add = (node: ts.Node, text: string) => {
    if (text.trim()) pieces.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text)
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node, node.text)
    else if (ts.isJsxText(node)) add(node, node.text)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return pieces
}
