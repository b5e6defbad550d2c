/**
 * Issue 38: the build names feature folders by their doors only (wxt.config.ts). Its groups take what stands
 * behind a door (behindDoor), so a file renamed or split inside a folder changes nothing in the build; the
 * resolver is shown on a folder made for the test, and the configuration's own text is read for any file
 * inside a feature folder that is not one of its doors (.ci/eslint-doors.js).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the lint configuration is plain JavaScript, without types.
import { DOORS as doors } from '../../.ci/eslint-doors.js';
import { behindDoor } from '../../wxt.config';
import { root } from './import-graph';

const DOORS = doors as Record<string, (string | { front: string; from: string[] })[]>;

describe('what stands behind a door (behindDoor)', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  };
  const names = (found: Set<string>) => [...found].map((module) => path.relative(dir, module)).sort();

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-doors-'));
    file(
      'feature/front.ts',
      [
        "import { a } from './a';",
        "import type { B } from './b';",
        "import { type C } from './c';",
        "import {\n  d,\n  type D,\n} from './d';",
        "export { e } from './e';",
        "export type { F } from './f';",
        "export * from './deep';",
        "import { other } from '../other/o';",
        "export const load = () => import('./lazy');",
        "// import { g } from './g';",
        'export const x = a + d + other;',
      ].join('\n'),
    );
    for (const name of ['a', 'b', 'c', 'd', 'f', 'g', 'lazy'])
      file(`feature/${name}.ts`, `export const ${name} = 1;\n`);
    file('feature/e.tsx', "import { h } from './h';\nexport const e = h;\n");
    file('feature/h.ts', 'export const h = 1;\n');
    file('feature/deep/index.ts', "export const deep = 1;\nexport const n = 'from here';\n");
    file('other/o.ts', 'export const other = 1;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the front and the modules of its folder it reaches by static imports that bring code', () => {
    expect(names(behindDoor(path.join(dir, 'feature/front.ts')))).toEqual([
      'feature/a.ts',
      'feature/d.ts',
      'feature/deep/index.ts',
      'feature/e.tsx',
      'feature/front.ts',
      'feature/h.ts',
    ]);
  });

  it('follows a renamed module by its importer, with nothing else to change', () => {
    fs.renameSync(path.join(dir, 'feature/h.ts'), path.join(dir, 'feature/renamed.ts'));
    file('feature/e.tsx', "import { h } from './renamed';\nexport const e = h;\n");
    expect(names(behindDoor(path.join(dir, 'feature/front.ts')))).toContain('feature/renamed.ts');
  });
});

describe('wxt.config.ts', () => {
  // Its code without comments, which may name any file to explain it.
  const code = fs
    .readFileSync(path.join(root, 'wxt.config.ts'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

  it('names a feature folder by one of its doors only', () => {
    const named = [...code.matchAll(/'lib\/([\w-]+)\/([\w/-]+)\.tsx?'/g)];
    expect(named.map((m) => `lib/${m[1]}/${m[2]}`)).toContain('lib/watch/view');
    for (const [text, feature, inside] of named) {
      const fronts = (DOORS[feature!] ?? []).map((door) => (typeof door === 'string' ? door : door.front));
      if (feature! in DOORS) expect(['index', ...fronts], text).toContain(inside);
    }
  });

  it('has no regular expression over the files of a feature folder', () => {
    // `lib\/name` or `lib\/(one|other)`, as a regular expression writes a path.
    const expressions = [...code.matchAll(/lib\\\/\(?([\w|-]+)/g)].flatMap((m) => m[1]!.split('|'));
    expect(expressions.length).toBeGreaterThan(0);
    expect(expressions.filter((folder) => folder in DOORS)).toEqual([]);
  });
});
