/**
 * Issue 19: the watcher's cache has no import circle. Its shape (lib/watch/schema.ts) sits below everything
 * that opens, upgrades, writes or reads the database, so db, migrate and cache no longer import each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circleFrom, root } from './import-graph';

const dir = path.join(root, 'lib', 'watch');
/** The modules that touch the database, and whose records they are. */
const CACHE = [
  'schema',
  'db',
  'migrate',
  'cache',
  'forget',
  'seen',
  'read',
  'record',
  'account',
  'account-key',
];

describe("the watcher's cache (lib/watch)", () => {
  it.each(CACHE)('%s.ts is in no import circle', (name) => {
    const circle = circleFrom(path.join(dir, `${name}.ts`));
    expect(circle?.map((file) => path.relative(root, file))).toBeUndefined();
  });

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
