/**
 * Finds text meant for a person that is written in code instead of coming from lib/i18n: JSX text, the
 * person-facing attributes (aria-label, title, placeholder, alt, label), and any other string of two or more
 * words. Not findings: console calls, imports, the developer's message of `new AppError(code, message)`
 * (people read describeError's words), property keys, and a line marked `i18n-ignore` (itself or the one
 * before), for strings of two words that are not words (class lists, CSS, formats).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
}

const PERSON_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
]);
const WORDS = /\p{L}{2,}[.,:;!?'’]*\s+\p{L}{2,}/u;
const LETTER = /\p{L}/u;

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes('i18n-ignore'));
}

function insideSkipped(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent, child = node; at; child = at, at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isCallExpression(at) && /^console\./.test(at.expression.getText())) return true;
    if (ts.isNewExpression(at) && at.expression.getText() === 'AppError' && at.arguments?.[1] === child)
      return true;
    if (ts.isPropertyAssignment(at) && at.name === child) return true;
    if (ts.isElementAccessExpression(at) && at.argumentExpression === child) return true;
    if (ts.isJsxAttribute(at)) return !PERSON_ATTRIBUTES.has(at.name.getText());
    if (
      ts.isBinaryExpression(at) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        at.operatorToken.kind,
      )
    )
      return true;
    if (ts.isCaseClause(at) && at.expression === child) return true;
  }
  return false;
}

export function findLiterals(file: string, text: string): Omit<Finding, 'file'>[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Omit<Finding, 'file'>[] = [];
  const report = (node: ts.Node, value: string) => {
    if (ignored(source, node) || insideSkipped(node)) return;
    found.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: value.trim().slice(0, 80),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const attribute = ts.isJsxAttribute(node.parent) ? node.parent.name.getText() : undefined;
      if (attribute ? PERSON_ATTRIBUTES.has(attribute) && LETTER.test(node.text) : WORDS.test(node.text))
        report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
      if (WORDS.test(parts)) report(node, parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every finding in the extension's own code: components, entrypoints and lib (not lib/mock, the service). */
export function scan(root: string): Finding[] {
  const files = ['components', 'entrypoints', 'lib'].flatMap((dir) => walk(join(root, dir)));
  return files
    .map((path) => relative(root, path))
    .filter((file) => !file.startsWith('lib/mock/'))
    .flatMap((file) =>
      findLiterals(file, readFileSync(join(root, file), 'utf8')).map((f) => ({ file, ...f })),
    );
}
