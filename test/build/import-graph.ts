/**
 * The product's static import graph (entrypoints/, components/, lib/), read from the source with the
 * TypeScript parser. Type-only imports count (`import type`, `import { type X }`, `export … from`,
 * `import('…').X` in a type): a circle of types is still a circle of concepts. So does a lazy `import('…')`:
 * loading a part on demand is still depending on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const PRODUCT_DIRS = ['entrypoints', 'components', 'lib'];

/** Every product module under `dir` (relative to the root): .ts and .tsx files, declaration files aside. */
function modulesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

export function productModules(): string[] {
  return PRODUCT_DIRS.flatMap(modulesUnder).sort();
}

/** The specifiers a module's text imports: static, type-only and on demand. */
export function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression.text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The product module a specifier names from `from` (both relative to the root), as the bundler finds it:
 * the `@/` alias or a relative path, then the file itself, `.ts`, `.tsx`, or a folder's `index.ts(x)`.
 * Undefined for packages, virtual modules and non-code files (CSS, JSON).
 */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.posix.join(path.posix.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(
    (candidate) =>
      /\.tsx?$/.test(candidate) &&
      fs.existsSync(path.join(root, candidate)) &&
      fs.statSync(path.join(root, candidate)).isFile(),
  );
}

/** The whole product graph: each module and the product modules it imports. */
export function productGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of productModules()) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = specifiersOf(file, text).flatMap((spec) => resolveSpecifier(file, spec) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of a graph with more than one module, or one that imports itself. */
function tangles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a long chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) found.push(component.sort());
    }
  }
  return found;
}

/** The shortest chain of imports from `start` back to `start` that stays inside `within`. */
function shortestCircle(graph: Map<string, string[]>, start: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const to of graph.get(node) ?? []) {
      if (!within.has(to)) continue;
      if (to === start) {
        const chain = [start];
        for (let back: string | undefined = node; back !== start; back = cameFrom.get(back!))
          chain.splice(1, 0, back!);
        return [...chain, start];
      }
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      queue.push(to);
    }
  }
  return [start, start];
}

/**
 * Every import circle of a graph, each as a chain of modules that begins and ends with the same one: for
 * every module caught in a circle, the shortest circle through it, each circle once (from its first module
 * by name), so that every module of every tangle is shown in at least one chain.
 */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const circles = new Map<string, string[]>();
  for (const tangle of tangles(graph)) {
    const within = new Set(tangle);
    for (const member of tangle) {
      const loop = shortestCircle(graph, member, within).slice(0, -1);
      const first = loop.indexOf([...loop].sort()[0]!);
      const chain = [...loop.slice(first), ...loop.slice(0, first), loop[first]!];
      circles.set(chain.join(' → '), chain);
    }
  }
  return [...circles.values()].sort((a, b) => a.join().localeCompare(b.join()));
}
