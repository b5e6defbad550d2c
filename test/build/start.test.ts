/**
 * `npm start` as a person runs it: with no display it stops at once with what to do (build and load the
 * extension, or xvfb-run), exit status 1 and no stack trace (it used to die with an unhandled ECONNRESET);
 * on a display (here Xvfb, through Debian's xvfb-run, installed when missing as the browsers are) it opens
 * Chromium with the welcome page in front.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePackages } from '../browsers.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The environment minus every way to reach a screen. */
function headlessEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

describe('npm start without a display', () => {
  it('stops with what to do instead, exit status 1, no stack trace', () => {
    const run = spawnSync('npm', ['start'], {
      cwd: root,
      env: headlessEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('this machine has no display');
    expect(run.stderr).toContain('npm run build');
    expect(run.stderr).toContain('.output/chrome-mv3');
    expect(run.stderr).toContain('xvfb-run -a npm start');
    const output = run.stdout + run.stderr;
    expect(output).not.toMatch(/ECONNRESET|^\s+at /m);
  }, 60_000);
});

describe('npm start on a display (Xvfb)', () => {
  let work: string;
  let start: ChildProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(() => {
    const problem = ensurePackages([{ path: '/usr/bin/xvfb-run', pkg: 'xvfb' }]);
    if (problem) throw new Error(`${problem} (xvfb-run runs npm start on a virtual display)`);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-start-'));
  });
  afterAll(async () => {
    await browser?.disconnect();
    // npm start, Xvfb and the browser share the process group started below: end them together.
    if (start?.pid) process.kill(-start.pid, 'SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  });

  /**
   * The browser WXT's runner starts is Chromium through a wrapper (CHROME_PATH, as wxt.config.ts reads it)
   * that also opens the DevTools port, which Chromium writes to DevToolsActivePort in its profile; the
   * runner itself talks to the browser over a pipe.
   */
  async function devtoolsUrl(): Promise<string> {
    const wrapper = path.join(work, 'chromium');
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${work}/args'\nexec '${CHROMIUM}' "$@" --remote-debugging-port=0\n`,
      { mode: 0o755 },
    );
    start = spawn('xvfb-run', ['-a', 'npm', 'start'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...headlessEnv(), CHROME_PATH: wrapper, WXT_OUT_DIR: path.join(work, 'out') },
    });
    for (const started = Date.now(); Date.now() - started < 90_000; ) {
      const args = fs.existsSync(path.join(work, 'args'))
        ? fs.readFileSync(path.join(work, 'args'), 'utf8')
        : '';
      const profile = /^--user-data-dir=(.+)$/m.exec(args)?.[1];
      const active = profile && path.join(profile, 'DevToolsActivePort');
      if (active && fs.existsSync(active)) {
        const port = fs.readFileSync(active, 'utf8').split('\n')[0];
        if (port) return `http://127.0.0.1:${port}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('npm start opened no browser within 90 s');
  }

  it('opens Chromium with the welcome page as the tab in front', async () => {
    browser = await puppeteer.connect({ browserURL: await devtoolsUrl() });
    const target = await browser.waitForTarget(
      (t) => /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/.test(t.url()),
      {
        timeout: 30_000,
      },
    );
    const welcome = (await target.page())!;
    await welcome.waitForSelector('::-p-aria(Try it[role="button"])');
    expect(await welcome.evaluate(() => document.visibilityState)).toBe('visible');
    // Every other tab (the runner's about:blank) is behind it.
    for (const page of (await browser.pages()).filter((p) => p !== welcome))
      expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
  }, 150_000);
});
