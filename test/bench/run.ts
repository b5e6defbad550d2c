/**
 * `npm run bench`: issue 22's table, one line per row (figure, floor or reference measured in the same run,
 * budget, ratio), ending with "All budgets met" only when every row is within its budget and, in a full
 * run, every row was measured; exits 1 otherwise. `npm run bench -- quick popup` measures those paths only.
 * Not part of `npm test`: times depend on the machine, so they are measured here, never asserted in tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backgroundRows, measureBackground } from './background';
import { createRows, measureCreate } from './create';
import { dashboardRows, measureDashboard } from './dashboard';
import { measurePopup, popupRows } from './popup';
import { measureQuickPush, quickPushRows } from './quick';
import { measureWatcher, watcherRows } from './refresh';
import { measureUpload, uploadRows } from './upload';
import { inIssueOrder, swingLine, TABLE_HEAD, tableLine, verdict, type Row, type RowName } from './rows';

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

/** Each path and the rows of issue 22's table it measures. */
const PATH_ROWS = {
  quick: ['Quick push, warm', 'Quick push, cold'],
  popup: ['Popup ready', 'Popup bytes'],
  create: ['Create → link'],
  upload: ['File upload, 50 MiB'],
  dashboard: ['Dashboard, first screen', 'Dashboard, keystroke'],
  watcher: ['Watcher run'],
  background: ['Background'],
} satisfies Record<string, RowName[]>;
type PathName = keyof typeof PATH_ROWS;
const PATHS = Object.keys(PATH_ROWS) as PathName[];

async function main(): Promise<void> {
  // `npm run bench -- dashboard` measures that path only (its figures, the same budgets); no name: all.
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !(PATHS as string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown path ${unknown.join(', ')}: one of ${PATHS.join(', ')}`);
  const wanted = (name: PathName) => only.length === 0 || only.includes(name);

  // The shipped build for what users load (bytes, times); the journeys' build where a Node host on
  // 127.0.0.1 must be reachable without a permission prompt (its pages are the same as the shipped ones).
  if (PATHS.some((name) => name !== 'watcher' && wanted(name))) {
    build(outDir, false);
    build(e2eOutDir, true);
  }
  const shipped = path.join(outDir, 'chrome-mv3');
  const e2e = path.join(e2eOutDir, 'chrome-mv3');

  const rows: Row[] = [];
  const figures: Record<string, unknown> = {};
  const add = (name: string, measured: unknown, made: Row[]) => {
    figures[name] = measured;
    for (const row of made) console.log(`${tableLine(row)}\n  ${row.note ?? ''}`);
    rows.push(...made);
  };

  // A path that fails is reported and leaves its rows out: the others are still printed, and the
  // closing line says what was not measured.
  const measure = async <T>(name: PathName, run: () => Promise<T>, made: (figures: T) => Row[]) => {
    if (!wanted(name)) return;
    try {
      const measured = await run();
      add(name, measured, made(measured));
    } catch (error) {
      console.error(`${name}: the measurement failed`, error);
    }
  };
  await measure('quick', () => measureQuickPush(e2e), quickPushRows);
  await measure('popup', () => measurePopup(shipped), popupRows);
  await measure('create', () => measureCreate(e2e), createRows);
  await measure('upload', () => measureUpload(e2e), uploadRows);
  await measure('dashboard', () => measureDashboard(e2e), dashboardRows);
  await measure('watcher', () => measureWatcher(), watcherRows);
  await measure('background', () => measureBackground(shipped), backgroundRows);

  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results', 'bench.json'), JSON.stringify(figures, null, 2));
  console.log('\nIssue 22, same-run floors:');
  for (const line of [...TABLE_HEAD, ...inIssueOrder(rows).map(tableLine)]) console.log(line);
  const { ok, line } = verdict(
    rows,
    PATHS.filter(wanted).flatMap((name) => PATH_ROWS[name]),
  );
  const swing = swingLine(rows);
  if (swing) console.log(swing);
  console.log(line);
  if (!ok) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
