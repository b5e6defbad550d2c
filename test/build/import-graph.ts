/**
 * The project's static import graph, read from the source (type-only imports included: a circle of types is
 * still a circle of concepts), for the tests that keep a folder free of import circles.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
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
export function circleFrom(start: string): string[] | undefined {
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
