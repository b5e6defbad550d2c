/**
 * `npm run bench`: one line per path of issue 13's table (figure, reference measured in the same run,
 * budget), ending with "All budgets met" only when every row is within its budget; exits 1 otherwise. Not
 * part of `npm test`: times depend on the machine, so they are measured here, never asserted in tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backgroundRows, measureBackground } from './background';
import { dashboardRows, measureDashboard } from './dashboard';
import { measurePopup, popupRows } from './popup';
import { measureQuickPush, quickPushRows } from './quick';
import { measureRefresh, refreshRows } from './refresh';
import { measureUpload, uploadRows } from './upload';
import { formatRow, verdict, type BenchRow } from './rows';

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, '.output', 'bench');
const e2eOutDir = path.join(root, '.output', 'bench-e2e');

/** Builds the extension into `dir`; `e2e` grants the loopback host at install (wxt.config.ts). */
function build(dir: string, e2e: boolean): void {
  const built = spawnSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WXT_OUT_DIR: dir, ...(e2e ? { SECRET_PUSH_E2E: '1' } : {}) },
  });
  if (built.status !== 0) throw new Error('wxt build failed');
}

async function main(): Promise<void> {
  // The shipped build for what users load (bytes, times); the journeys' build where a Node host on
  // 127.0.0.1 must be reachable without a permission prompt (its pages are the same as the shipped ones).
  build(outDir, false);
  build(e2eOutDir, true);
  const shipped = path.join(outDir, 'chrome-mv3');
  const e2e = path.join(e2eOutDir, 'chrome-mv3');

  const rows: BenchRow[] = [];
  const figures: Record<string, unknown> = {};
  const add = (name: string, measured: unknown, made: BenchRow[]) => {
    figures[name] = measured;
    for (const row of made) console.log(formatRow(row));
    rows.push(...made);
  };

  // `npm run bench -- dashboard` measures that path only (its figures, the same budgets); no name: all.
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  if (wanted('popup')) {
    const popup = await measurePopup(shipped);
    add('popup', popup, popupRows(popup));
  }
  if (wanted('dashboard')) {
    const dashboard = await measureDashboard(e2e);
    add('dashboard', dashboard, dashboardRows(dashboard));
  }
  if (wanted('quick')) {
    const quick = await measureQuickPush(e2e);
    add('quick push', quick, quickPushRows(quick));
  }
  if (wanted('background')) {
    const background = await measureBackground(shipped);
    add('background', background, backgroundRows(background));
  }
  if (wanted('upload')) {
    const upload = await measureUpload(e2e);
    add('upload', upload, uploadRows(upload));
  }
  if (wanted('refresh')) {
    const refresh = [await measureRefresh('pro'), await measureRefresh('oss')];
    add('refresh', refresh, refreshRows(refresh));
  }

  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results', 'bench.json'), JSON.stringify(figures, null, 2));
  console.log('\nIssue 13 budgets:');
  for (const row of rows) console.log(formatRow(row));
  const { ok, line } = verdict(rows);
  console.log(line);
  if (!ok) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
