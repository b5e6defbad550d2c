/**
 * Issue 18: the settings model has no import circle. Every module of lib/settings, and every module of the
 * project it reaches, is walked through its imports (type-only ones included: a circle of types is still a
 * circle of concepts); no walk may come back to where it started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circleFrom, root } from './import-graph';

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
