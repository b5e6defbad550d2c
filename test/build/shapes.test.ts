/**
 * A concept's shapes sit below everything that reads, saves or checks them: its shapes module imports
 * nothing but types. That is what keeps the settings model (issue 18) and the watcher's cache (issue 19)
 * free of import circles by construction; import-circles.test.ts holds the house to none, and this the
 * shapes modules to their place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

/** Each shapes module and what it gives shape to. */
const SHAPES: Record<string, string> = {
  'lib/settings/values.ts': 'the settings model',
  'lib/watch/schema.ts': "the watcher's cache",
};

describe('the shapes modules', () => {
  it.each(Object.entries(SHAPES))('%s (%s) imports nothing but types', (file) => {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every(([, type]) => type !== undefined)).toBe(true);
  });
});
