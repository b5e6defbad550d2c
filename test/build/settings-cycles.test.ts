// @vitest-environment node
/**
 * Issue 18: the settings model has no import circle. Every module of lib/settings, and every module of the
 * project it reaches, is walked through its imports (type-only ones included: a circle of types is still a
 * circle of concepts); no walk may come back to where it started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms;

/** The project file a specifier names from `from`; undefined for packages and virtual modules. */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

const edges = new Map<string, string[]>();
function importsOf(file: string): string[] {
  let found = edges.get(file);
  if (!found) {
    const source = fs.readFileSync(file, 'utf8');
    found = [...source.matchAll(IMPORT)].flatMap(([, spec]) => resolve(file, spec!) ?? []);
    edges.set(file, found);
  }
  return found;
}

/** A path of imports from `start` back to `start`, if there is one. */
function circleFrom(start: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | undefined => {
    for (const next of importsOf(file)) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

describe('the settings model (lib/settings)', () => {
  const dir = path.join(root, 'lib', 'settings');
  const modules = fs.readdirSync(dir).filter((name) => name.endsWith('.ts'));

  it.each(modules)('%s is in no import circle', (name) => {
    const circle = circleFrom(path.join(dir, name));
    expect(circle?.map((file) => path.relative(root, file))).toBeUndefined();
  });

  it('has a shapes module that imports nothing but types', () => {
    const source = fs.readFileSync(path.join(dir, 'values.ts'), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every(([, type]) => type !== undefined)).toBe(true);
  });
});
