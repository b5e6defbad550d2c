// @vitest-environment node
/**
 * The popup's static import graph (what it loads at open, before anything is asked for) stays free of what
 * loads on demand (issue 13's popup bytes): the store's and the cache's libraries, which its one plain read
 * each replaces (lib/store/peek.ts, lib/watch/peek.ts), and the parts of the form a person has to ask for.
 * Each is recognized by a string its code keeps through minification.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-popup-graph-'));
  execFileSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build', '-b', 'chrome'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, WXT_OUT_DIR: dir, SECRET_PUSH_E2E: '' },
  });
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The scripts popup.html loads at open: its entry and everything reached by static imports from it. */
function staticGraph(extDir: string): string[] {
  const html = fs.readFileSync(path.join(extDir, 'popup.html'), 'utf8');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(extDir, file), 'utf8');
    // Static imports and re-exports only: `import(` (on demand) has no `from` and no bare string after import.
    for (const match of code.matchAll(/(?:import|export)\s*(?:[^'"();]*?from\s*)?["']([^"']+\.js)["']/g))
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)).replace(/^\//, ''));
  };
  for (const match of html.matchAll(/<script[^>]*src="\/?([^"]+\.js)"/g)) visit(match[1]!);
  return [...seen];
}

/** What loads on demand only, by a string of its code that minification keeps. */
const ON_DEMAND: Record<string, string> = {
  idb: 'continuePrimaryKey',
  '@wxt-dev/storage': 'onMigrationComplete',
  FileDrop: 'push_dropFilesOr',
  WifiBuilder: 'push_wifiNoSecurity',
  'the result view (ResultView, its preview)': 'push_previewNoView',
  'the error words (lib/api/describe.ts)': 'error_rateLimitedWait',
  'the passphrase generator': 'Choose at least one kind of character',
  MoreOptions: 'Nederlands',
};

describe("the popup's static import graph", () => {
  it('is found (the entry and its shared chunks)', () => {
    expect(staticGraph(path.join(dir, 'chrome-mv3')).length).toBeGreaterThan(1);
  });

  it.each(Object.entries(ON_DEMAND))('leaves %s to load on demand', (_name, marker) => {
    const extDir = path.join(dir, 'chrome-mv3');
    const carrying = staticGraph(extDir).filter((file) =>
      fs.readFileSync(path.join(extDir, file), 'utf8').includes(marker),
    );
    expect(carrying).toEqual([]);
    // The marker does mark it: the build holds it, in a chunk loaded on demand.
    const all = fs.readdirSync(path.join(extDir, 'chunks')).map((name) => `chunks/${name}`);
    expect(all.some((file) => fs.readFileSync(path.join(extDir, file), 'utf8').includes(marker))).toBe(true);
  });
});
