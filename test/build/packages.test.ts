/**
 * The store packages as `npm run zip` and `npm run zip:firefox` make them: what the stores read from the
 * manifest (localized name and description, icons 16–128, version, Firefox's id and data collection), the
 * nine locales, nothing of the journeys' build (its seams, its granted host) and no source maps; the
 * Firefox package passes web-ext lint, and AMO's sources zip, unpacked elsewhere, builds the same package.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const LOCALES = ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'nl', 'pt_BR'];
const SIZES = ['16', '32', '48', '128'];
/** The journeys' quick-push seam (lib/quick-push/e2e-hook.ts): only SECRET_PUSH_E2E=1 builds carry it. */
const SEAM = 'secretPushQuickPush';

type Manifest = {
  name: string;
  description: string;
  version: string;
  default_locale: string;
  icons: Record<string, string>;
  action?: { default_icon: Record<string, string> };
  browser_action?: { default_icon: Record<string, string> };
  permissions: string[];
  host_permissions?: string[];
  browser_specific_settings?: {
    gecko: { id: string; data_collection_permissions: { required: string[] } };
  };
};

let work: string;
const unpacked: Record<'chrome' | 'firefox' | 'sources' | 'e2e', string> = {
  chrome: '',
  firefox: '',
  sources: '',
  e2e: '',
};
const zipOf = (name: string) => path.join(work, 'out', `secret-push-${version}-${name}.zip`);

function unzip(zip: string, into: string): string {
  execFileSync('unzip', ['-q', zip, '-d', into]);
  return into;
}

/** Every file under `dir`, relative to it, sorted. */
function files(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
}

const manifestOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/**
 * The environment of a person's shell: Vitest sets NODE_ENV=test, under which the Preact preset compiles
 * JSX for development (jsxDEV, with every file's absolute path in the bundle), which no store package has.
 */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SECRET_PUSH_E2E: '', ...extra };
  delete env.NODE_ENV;
  return env;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-packages-'));
  const env = shellEnv({ WXT_OUT_DIR: path.join(work, 'out') });
  for (const script of ['zip', 'zip:firefox'])
    execFileSync('npm', ['run', script], { cwd: root, stdio: 'pipe', env });
  unpacked.chrome = unzip(zipOf('chrome'), path.join(work, 'chrome'));
  unpacked.firefox = unzip(zipOf('firefox'), path.join(work, 'firefox'));
  unpacked.sources = unzip(zipOf('sources'), path.join(work, 'sources'));
  // The journeys' build, to show the seam looked for below is one a build can carry.
  execFileSync(bin('wxt'), ['build'], {
    cwd: root,
    stdio: 'pipe',
    env: shellEnv({ WXT_OUT_DIR: path.join(work, 'e2e'), SECRET_PUSH_E2E: '1' }),
  });
  unpacked.e2e = path.join(work, 'e2e', 'chrome-mv3');
}, 240_000);
afterAll(() => process.env.KEEP_PACKAGES || fs.rmSync(work, { recursive: true, force: true }));

describe.each(['chrome', 'firefox'] as const)('the %s package', (browser) => {
  const dir = () => unpacked[browser];

  it('names and describes itself in the UI language, with English as the default', () => {
    const manifest = manifestOf(dir());
    expect(manifest.name).toBe('__MSG_app_name__');
    expect(manifest.description).toBe('__MSG_app_description__');
    expect(manifest.default_locale).toBe('en');
    expect(manifest.version).toBe(version);
  });

  it('carries all nine locales, each naming and describing the extension within the stores’ limits', () => {
    expect(fs.readdirSync(path.join(dir(), '_locales')).sort()).toEqual(LOCALES);
    for (const locale of LOCALES) {
      const messages = JSON.parse(
        fs.readFileSync(path.join(dir(), '_locales', locale, 'messages.json'), 'utf8'),
      ) as Record<string, { message: string }>;
      // The Chrome Web Store's limits: 75 characters for the name, 132 for the description.
      expect(messages.app_name!.message.length, locale).toBeGreaterThan(0);
      expect(messages.app_name!.message.length, locale).toBeLessThanOrEqual(75);
      expect(messages.app_description!.message.length, locale).toBeGreaterThan(0);
      expect(messages.app_description!.message.length, locale).toBeLessThanOrEqual(132);
    }
  });

  it('has icons of 16, 32, 48 and 128 px, for the extension and its toolbar button', () => {
    const manifest = manifestOf(dir());
    const button = browser === 'chrome' ? manifest.action : manifest.browser_action;
    for (const icons of [manifest.icons, button!.default_icon]) {
      expect(Object.keys(icons).sort()).toEqual([...SIZES].sort());
      for (const size of SIZES) expect(pngSize(path.join(dir(), icons[size]!))).toEqual([+size, +size]);
    }
  });

  it('holds nothing of the journeys’ build and no source maps', () => {
    const manifest = manifestOf(dir());
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.permissions.filter((p) => p.includes('://') || p === 'clipboardRead')).toEqual([]);
    const shipped = files(dir());
    expect(shipped.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = shipped.filter((file) => file.endsWith('.js'));
    const read = (file: string) => fs.readFileSync(path.join(dir(), file), 'utf8');
    expect(scripts.filter((file) => read(file).includes('sourceMappingURL'))).toEqual([]);
    expect(scripts.filter((file) => read(file).includes(SEAM))).toEqual([]);
    // Nothing of the machine it was built on (a development build names every source file's full path).
    expect(scripts.filter((file) => read(file).includes(root))).toEqual([]);
  });
});

describe('the packages against the journeys’ build', () => {
  it('the seam looked for is really in a SECRET_PUSH_E2E=1 build', () => {
    const background = fs.readFileSync(path.join(unpacked.e2e, 'background.js'), 'utf8');
    expect(background).toContain(SEAM);
  });
});

describe('the Firefox package for addons.mozilla.org', () => {
  it('carries its add-on id and declares that it collects no data', () => {
    const { gecko } = manifestOf(unpacked.firefox).browser_specific_settings!;
    expect(gecko.id).toBe('secret-push@example.com');
    expect(gecko.data_collection_permissions).toEqual({ required: ['none'] });
  });

  it('passes web-ext lint with no error (the known library warnings: test/build/bundles.test.ts)', () => {
    const run = spawnSync(
      bin('web-ext'),
      ['lint', '-s', unpacked.firefox, '--output', 'json', '--no-config-discovery'],
      { cwd: root, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as { errors: unknown[]; warnings: { code: string }[] };
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((w) => w.code).sort()).toEqual([
      'UNSAFE_VAR_ASSIGNMENT',
      'UNSAFE_VAR_ASSIGNMENT',
    ]);
  }, 60_000);

  it('ships sources that build, unpacked elsewhere, the very same package', () => {
    const sources = unpacked.sources;
    expect(files(sources)).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'wxt.config.ts']),
    );
    expect(
      files(sources).filter((file) => /^(test|test-results|node_modules|\.output)\//.test(file)),
    ).toEqual([]);
    // The dependencies as `npm ci` would install them: this checkout's own (no network here).
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(sources, 'node_modules'), 'dir');
    const env = shellEnv({ WXT_OUT_DIR: path.join(sources, '.output') });
    execFileSync(bin('wxt'), ['prepare'], { cwd: sources, stdio: 'pipe', env });
    execFileSync(bin('wxt'), ['build', '-b', 'firefox'], { cwd: sources, stdio: 'pipe', env });
    const rebuilt = path.join(sources, '.output', 'firefox-mv2');
    expect(files(rebuilt)).toEqual(files(unpacked.firefox));
    const differing = files(rebuilt).filter(
      (file) =>
        !fs.readFileSync(path.join(rebuilt, file)).equals(fs.readFileSync(path.join(unpacked.firefox, file))),
    );
    expect(differing).toEqual([]);
  }, 120_000);
});
