/**
 * Issue 19: the watcher's cache has no import circle (held for every product module by
 * import-circles.test.ts). Its shape (lib/watch/schema.ts) sits below everything that opens, upgrades,
 * writes or reads the database, so db, migrate and cache no longer import each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

const dir = path.join(root, 'lib', 'watch');

describe("the watcher's cache (lib/watch)", () => {
  it('has a schema module that imports nothing but types', () => {
    const source = fs.readFileSync(path.join(dir, 'schema.ts'), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every(([, type]) => type !== undefined)).toBe(true);
  });

  it.each(['db', 'migrate', 'cache'])('%s.ts loads none of the others, even on demand', (name) => {
    const source = fs.readFileSync(path.join(dir, `${name}.ts`), 'utf8');
    const others = ['db', 'migrate', 'cache'].filter(
      (other) => other !== name && !(name === 'db' && other === 'migrate'),
    );
    for (const other of others) expect(source).not.toMatch(new RegExp(`['"]\\./${other}['"]`));
  });
});
