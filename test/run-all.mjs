#!/usr/bin/env node
// `npm test`: every suite (Vitest unit + service tests, then the journeys on the built extension in both
// real Chromium and real Firefox ESR), ending with one line
// "N passed, N failed" over all of them. A missing Chromium or Firefox ESR, or their German and Arabic
// language packs, is installed from Debian's packages where this machine allows it (test/browsers.mjs);
// otherwise the run fails and says which command to run: browser journeys are never skipped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPackages, ensurePackages, firefoxPackages, keyboardPackages } from './browsers.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined; // the runner crashed before writing its report; counted as a failure below
  }
};

let passed = 0;
let failed = 0;
const problems = [];
// The failed tests by name, repeated at the very end so that the last lines of a long run say which ones.
const failures = [];
const vitestFailures = (report, suite) => {
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(`${suite}: ${path.relative(root, file.name)} › ${test.fullName ?? test.title}`);
};
// 1. Vitest: unit tests and service tests over real HTTP.
const vitestJson = path.join(out, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestStatus = run(bin('vitest'), [
  'run',
  '--config',
  'test/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  vitestFailures(vitest, 'vitest');
  if (vitest.numPendingTests + vitest.numTodoTests > 0)
    problems.push('vitest: skipped or todo tests are not allowed');
}
if (!vitest || (vitestStatus !== 0 && vitest.numFailedTests === 0)) {
  failed += 1;
  problems.push(`vitest exited with status ${vitestStatus}`);
}

// 2. The journeys' builds: the test build grants the loopback host at install (SECRET_PUSH_E2E, see
// wxt.config.ts) because no test can click a permission prompt; it goes to its own directory so the shipped
// build in .output/chrome-mv3 is never the test one.
const e2eOut = path.join(root, '.output', 'e2e');
const browserProblem = ensurePackages(chromiumPackages(chromium));
const chromiumBuilt =
  !browserProblem && run(bin('wxt'), ['build'], { WXT_OUT_DIR: e2eOut, SECRET_PUSH_E2E: '1' }) === 0;
if (browserProblem) {
  failed += 1;
  problems.push(`${browserProblem} (or set CHROMIUM_PATH).`);
} else if (!chromiumBuilt) {
  failed += 1;
  problems.push('wxt build failed, so the browser journeys could not run');
}

// 3. The journeys (test/journeys), each in real Chromium and in real Firefox ESR (each browser's own behaviour
// among them, in tests named "Chromium only" or "Firefox only"), driven by Playwright (Chromium) and
// puppeteer-core over WebDriver BiDi (Firefox) on the journeys' builds of both browsers.
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const firefoxProblem = ensurePackages(firefoxPackages(firefox));
// The keyboard journey's display, keys and clipboard (Xvfb, xdotool, xclip), installed as the browsers are.
const keyboardProblem = ensurePackages(keyboardPackages());
if (firefoxProblem) {
  failed += 1;
  problems.push(`${firefoxProblem} (or set FIREFOX_PATH).`);
} else if (keyboardProblem) {
  failed += 1;
  problems.push(`${keyboardProblem}: the keyboard journey presses keys on a display of its own.`);
} else if (!chromiumBuilt) {
  failed += 1;
  problems.push('the journeys need Chromium and its build as well as Firefox ESR');
} else if (run(bin('wxt'), ['build', '-b', 'firefox'], { WXT_OUT_DIR: e2eOut, SECRET_PUSH_E2E: '1' }) !== 0) {
  failed += 1;
  problems.push('wxt build -b firefox failed, so the Firefox journeys could not run');
} else {
  const ffJson = path.join(out, 'firefox.json');
  fs.rmSync(ffJson, { force: true });
  const ffStatus = run(
    bin('vitest'),
    [
      'run',
      '--config',
      'test/journeys/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${ffJson}`,
    ],
    {
      EXT_PATH: path.join(e2eOut, 'chrome-mv3'),
      CHROMIUM_PATH: chromium,
      EXT_PATH_FIREFOX: path.join(e2eOut, 'firefox-mv2'),
      FIREFOX_PATH: firefox,
      PUPPETEER_SKIP_DOWNLOAD: '1',
    },
  );
  const ff = readJson(ffJson);
  if (ff) {
    passed += ff.numPassedTests;
    failed += ff.numFailedTests;
    vitestFailures(ff, 'journeys');
    if (ff.numPendingTests + ff.numTodoTests > 0)
      problems.push('journeys: skipped or todo tests are not allowed');
  }
  if (!ff || (ffStatus !== 0 && ff.numFailedTests === 0)) {
    failed += 1;
    problems.push(`the journeys in both browsers exited with status ${ffStatus}`);
  }
}

if (problems.length > 0 && failed === 0) failed = problems.length;
for (const f of failures) console.error(`✖ ${f}`);
for (const p of problems) console.error(`✖ ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
