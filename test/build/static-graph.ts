/**
 * A page's static import graph in a Chrome build: what it loads at open, before anything is asked for
 * (popup-graph.test.ts, dashboard-graph.test.ts). Code is recognized by a string minification keeps.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Builds the shipped Chrome extension into a new temporary directory; returns its chrome-mv3 folder. */
export function buildChrome(prefix: string): { dir: string; extDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build', '-b', 'chrome'], {
    cwd: root,
    stdio: 'pipe',
    // NODE_ENV as `npm run build` has it: Vitest sets 'test', which @preact/preset-vite takes for a dev
    // build and answers with preact's devtools hook, a chunk of its own on every page.
    env: { ...process.env, WXT_OUT_DIR: dir, SECRET_PUSH_E2E: '', NODE_ENV: 'production' },
  });
  return { dir, extDir: path.join(dir, 'chrome-mv3') };
}

/** The scripts `page` loads at open: its entry and everything reached by static imports from it. */
export function staticGraph(extDir: string, page: string): string[] {
  const html = fs.readFileSync(path.join(extDir, page), 'utf8');
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

/** The files of `files` whose code holds `marker`. */
export function carrying(extDir: string, files: string[], marker: string): string[] {
  return files.filter((file) => fs.readFileSync(path.join(extDir, file), 'utf8').includes(marker));
}

/** Every chunk of the build (loaded on demand or shared). */
export function chunks(extDir: string): string[] {
  return fs.readdirSync(path.join(extDir, 'chunks')).map((name) => `chunks/${name}`);
}
