/**
 * The manifests as WXT really writes them (its MV2 conversion once dropped optional_host_permissions and left
 * Firefox unable to ask for a server), for the shipped builds and the journeys' build.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const OPTIONAL_HOSTS = ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'];
const isHostPattern = (p: string) => p.includes('://') || p === '<all_urls>';

type Manifest = {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_security_policy?: string | { extension_pages?: string };
  storage?: { managed_schema?: string };
  browser_specific_settings?: Record<string, { strict_min_version?: string }>;
  minimum_chrome_version?: string;
};

/** The directives of a CSP string, by name. */
function directives(policy: string | undefined): Record<string, string[]> {
  const entries = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return Object.fromEntries(entries.filter(([name]) => name).map(([name, ...values]) => [name, values]));
}

let outDir: string;
function build(browser: 'chrome' | 'firefox', e2e: boolean): Manifest {
  const dir = path.join(outDir, `${browser}-${e2e ? 'e2e' : 'shipped'}`);
  execFileSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build', '-b', browser], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, WXT_OUT_DIR: dir, SECRET_PUSH_E2E: e2e ? '1' : '' },
  });
  const target = browser === 'chrome' ? 'chrome-mv3' : 'firefox-mv2';
  return JSON.parse(fs.readFileSync(path.join(dir, target, 'manifest.json'), 'utf8')) as Manifest;
}

const built: Record<string, Manifest> = {};
beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-manifest-'));
  built.chrome = build('chrome', false);
  built.firefox = build('firefox', false);
  built.firefoxE2e = build('firefox', true);
  built.chromeE2e = build('chrome', true);
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('built manifests', () => {
  it('Chrome asks for no host at install and may ask for each server later', () => {
    expect(built.chrome!.host_permissions).toBeUndefined();
    expect(built.chrome!.permissions!.filter(isHostPattern)).toEqual([]);
    expect(built.chrome!.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
  });

  it('Firefox (MV2) asks for no host at install and may ask for each server later', () => {
    expect(built.firefox!.permissions!.filter(isHostPattern)).toEqual([]);
    expect(built.firefox!.optional_permissions).toEqual([...OPTIONAL_HOSTS, 'clipboardRead']);
  });

  it('reads the clipboard only once the user allows it (to clear a copy of ours), but in the journeys build', () => {
    expect(built.chrome!.optional_permissions).toEqual(['clipboardRead']);
    for (const shipped of [built.chrome!, built.firefox!])
      expect(shipped.permissions).not.toContain('clipboardRead');
    for (const e2e of [built.chromeE2e!, built.firefoxE2e!])
      expect(e2e.permissions).toContain('clipboardRead');
  });

  it('Firefox installs only where storage.session exists (115+), so the token kept for the session needs no fallback', () => {
    const { gecko, gecko_android } = built.firefox!.browser_specific_settings!;
    for (const min of [gecko!.strict_min_version, gecko_android!.strict_min_version])
      expect(Number.parseInt(min ?? '0', 10)).toBeGreaterThanOrEqual(115);
  });

  it('Chrome installs only where URL.canParse exists (120+), the newest API the code calls', () => {
    expect(Number.parseInt(built.chrome!.minimum_chrome_version ?? '0', 10)).toBeGreaterThanOrEqual(120);
    expect(built.firefox!.minimum_chrome_version).toBeUndefined();
  });

  it('only the journeys build grants the loopback host (and the chat host mapped to it) at install', () => {
    const hosts = ['http://127.0.0.1/*', 'http://app.slack.com/*'];
    expect(built.chromeE2e!.host_permissions).toEqual(hosts);
    expect(built.firefoxE2e!.permissions!.filter(isHostPattern)).toEqual(hosts);
  });

  it.each([
    [
      'Chrome',
      () => (built.chrome!.content_security_policy as { extension_pages?: string })?.extension_pages,
    ],
    ['Firefox', () => built.firefox!.content_security_policy as string | undefined],
  ])(
    '%s has an explicit extension CSP: own scripts only, no objects, no base, nothing remote',
    (_, policy) => {
      const csp = directives(policy());
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      for (const values of Object.values(csp))
        for (const value of values) expect(value).not.toMatch(/^(https?:|\*)/);
    },
  );

  it('keeps the mock service out of every page bundle: only the offscreen document and the worker carry it', () => {
    // A string only the mock's create validation writes (lib/mock/responses.ts, the 400 for no push).
    const MARKER = 'param is missing or the value is empty';
    const root = path.join(outDir, 'chrome-shipped', 'chrome-mv3');
    const scripts = [
      'background.js',
      ...fs.readdirSync(path.join(root, 'chunks')).map((name) => path.join('chunks', name)),
    ];
    const carriers = scripts.filter((file) =>
      fs.readFileSync(path.join(root, file), 'utf8').includes(MARKER),
    );
    expect(carriers.length).toBeGreaterThan(0);
    expect(carriers.filter((file) => file !== 'background.js' && !/chunks\/offscreen-/.test(file))).toEqual(
      [],
    );
  });

  it("Chrome declares the managed policy's schema, a file in the package; Firefox has no such key", () => {
    expect(built.chrome!.storage).toEqual({ managed_schema: 'managed-schema.json' });
    expect(fs.existsSync(path.join(outDir, 'chrome-shipped', 'chrome-mv3', 'managed-schema.json'))).toBe(
      true,
    );
    expect(built.firefox!.storage).toBeUndefined();
  });
});
