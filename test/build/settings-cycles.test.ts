/**
 * Issue 18: the settings model has no import circle (held for every product module by
 * import-circles.test.ts), because its shapes sit below everything that reads, saves or checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

describe('the settings model (lib/settings)', () => {
  const dir = path.join(root, 'lib', 'settings');

  it('has a shapes module that imports nothing but types', () => {
    const source = fs.readFileSync(path.join(dir, 'values.ts'), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every(([, type]) => type !== undefined)).toBe(true);
  });
});
