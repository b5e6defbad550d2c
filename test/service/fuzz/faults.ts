/**
 * The fault campaign of `npm run fuzz` (issue 40): the fault journeys (test/journeys/faults-*.journey.ts: a
 * quick push and a demo create here, the watcher's run and Expire everything in faults-watch) in both
 * browsers with many runs each, the background stopped at moments drawn from one printed seed. The e2e
 * extension is built first, as `npm run test:journeys` builds it. Returns the violations found.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function faultCampaign(root: string, runs: number, seed: number): string[] {
  const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
  const e2e = { ...process.env, SECRET_PUSH_E2E: '1', WXT_OUT_DIR: '.output/e2e' };
  for (const args of [['build'], ['build', '-b', 'firefox']]) {
    const built = spawnSync(bin('wxt'), args, { cwd: root, env: e2e, encoding: 'utf8' });
    if (built.status !== 0) return [`faults: wxt ${args.join(' ')} failed:\n${built.stdout}${built.stderr}`];
  }
  const files = fs
    .readdirSync(path.join(root, 'test', 'journeys'))
    .filter((name) => /^faults-.+\.journey\.ts$/.test(name))
    .map((name) => `test/journeys/${name}`);
  console.log(`faults: ${runs} runs per scenario and browser in ${files.join(', ')}, seed ${seed}`);
  const started = Date.now();
  const journeys = spawnSync(bin('vitest'), ['run', '--config', 'test/journeys/vitest.config.ts', ...files], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      EXT_PATH: path.join(root, '.output', 'e2e', 'chrome-mv3'),
      EXT_PATH_FIREFOX: path.join(root, '.output', 'e2e', 'firefox-mv2'),
      PUPPETEER_SKIP_DOWNLOAD: '1',
      FAULT_RUNS: String(runs),
      FAULT_SEED: String(seed),
    },
  });
  // Without the reporter's colours, so that the lines read as text.
  // eslint-disable-next-line no-control-regex -- the colours are escape sequences
  const output = `${journeys.stdout}${journeys.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  // Each scenario prints its runs' moments and outcomes ("<ms>:recorded|told|none").
  for (const line of output.split('\n').filter((line) => /faults \(seed \d+\)/.test(line)))
    console.log(`  ${line.trim()}`);
  console.log(`faults: ${Math.round((Date.now() - started) / 1000)} s`);
  if (journeys.status === 0) return [];
  const failures = output
    .split('\n')
    .filter((line) => /FAIL|Error:|Waited in vain/.test(line))
    .map((line) => `faults (seed ${seed}): ${line.trim()}`);
  return failures.length > 0 ? failures : [`faults (seed ${seed}): the journeys exited ${journeys.status}`];
}
