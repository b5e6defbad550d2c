/**
 * Issue 38: no import circle among the product's modules (entrypoints/, components/, lib/), type-only
 * and on-demand imports included. A circle is reported as the chain of files that closes it, so the failure says where to
 * cut. The reader and the circle finder are shown to work on known inputs first, so that an empty answer
 * means the house has no circle, not that nothing was read.
 */
import { describe, expect, it } from 'vitest';
import { importCircles, productGraph, productModules, resolveSpecifier, specifiersOf } from './import-graph';

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
const shown = (circles: string[][]) => circles.map((chain) => chain.join(' → '));

describe('the import reader', () => {
  it.each([
    ["import { a } from './a';", './a'],
    ["import type { A } from './a';", './a'],
    ["import { type A, b } from '@/lib/a';", '@/lib/a'],
    ["import { type A } from './a';", './a'],
    ["import * as a from './a';", './a'],
    ["import './a';", './a'],
    ["export { a } from './a';", './a'],
    ["export type { A } from './a';", './a'],
    ["export * from './a';", './a'],
    ["export * as a from './a';", './a'],
    ["let x: import('./a').A;", './a'],
    ["export const load = () => import('./a');", './a'],
    ["import {\n  a,\n  type B,\n} from '../a';", '../a'],
  ])('reads %j', (code, specifier) => {
    expect(specifiersOf('lib/x.ts', code)).toEqual([specifier]);
  });

  it('leaves comments and strings out', () => {
    const code = [
      "// import { b } from './b';",
      "/* export * from './a'; */",
      'const text = "import { c } from \'./c\'";',
    ].join('\n');
    expect(specifiersOf('lib/x.ts', code)).toEqual([]);
  });

  it.each([
    ['lib/watch/view.ts', '@/lib/settings', 'lib/settings/index.ts'],
    ['lib/settings/read.ts', './values', 'lib/settings/values.ts'],
    ['entrypoints/popup/main.tsx', './App', 'entrypoints/popup/App.tsx'],
    ['lib/watch/refresh/diff.ts', '../../errors', 'lib/errors.ts'],
    ['lib/x.ts', 'preact', undefined],
    ['entrypoints/popup/main.tsx', './style.css', undefined],
  ])('resolves %s importing %s to %s', (from, specifier, file) => {
    expect(resolveSpecifier(from, specifier)).toBe(file);
  });
});

describe('the circle finder', () => {
  it('finds none in a graph without circles', () => {
    expect(importCircles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reports a circle as its chain, from its first module by name', () => {
    const graph = graphOf({ c: ['a'], a: ['b'], b: ['c'], d: ['a'] });
    expect(shown(importCircles(graph))).toEqual(['a → b → c → a']);
  });

  it('reports a module that imports itself', () => {
    expect(shown(importCircles(graphOf({ a: ['a'], b: ['a'] })))).toEqual(['a → a']);
  });

  it('reports each separate circle, and every module of a tangle in some chain', () => {
    const graph = graphOf({
      a: ['b'],
      b: ['a', 'c'],
      c: ['b'],
      x: ['y'],
      y: ['x'],
    });
    expect(shown(importCircles(graph))).toEqual(['a → b → a', 'b → c → b', 'x → y → x']);
  });
});

describe('the product', () => {
  const graph = productGraph();

  it('reads every product module and its imports', () => {
    expect(productModules().length).toBeGreaterThan(300);
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(edges).toBeGreaterThan(graph.size);
  });

  it('has no import circle, type-only and on-demand imports included', () => {
    expect(shown(importCircles(graph))).toEqual([]);
  });
});
