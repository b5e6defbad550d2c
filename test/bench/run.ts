/**
 * `npm run bench`: measures the budgets the issues name and prints them; exits 1 when a budget that is a
 * count (bytes, requests) is exceeded. Times are reported, never asserted.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { measurePopup, POPUP_BUDGET_BYTES } from './popup';
import { AUDIT_BUDGET, LIST_BUDGET, measureRefresh, type RefreshFigures } from './refresh';

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, '.output', 'bench');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'wxt'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WXT_OUT_DIR: outDir },
  });
  if (build.status !== 0) throw new Error('wxt build failed');

  const failures: string[] = [];
  const popup = await measurePopup(path.join(outDir, 'chrome-mv3'));
  console.log('\nPopup at open (JS + CSS, gzip -9):');
  for (const f of popup.files)
    console.log(`  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(9)} → ${kb(f.gzipBytes)}`);
  console.log(`  total ${kb(popup.gzipBytes)} gzipped (budget ${kb(POPUP_BUDGET_BYTES)})`);
  if (popup.gzipBytes > POPUP_BUDGET_BYTES)
    failures.push(`popup loads ${kb(popup.gzipBytes)} gzipped at open`);
  console.log(
    `Popup ready for typing: median ${popup.readyMs.popup.toFixed(1)} ms; blank extension page ${popup.readyMs.blank.toFixed(1)} ms (${popup.readyMs.runs} runs each)`,
  );

  // The budget is the pro edition's (the default, with pagination headers). oss has no headers, so with
  // exactly 500 pushes the client must read an empty 11th page to know it reached the end: reported only.
  const refresh: RefreshFigures[] = [];
  console.log('\nWatcher refresh against the Node host (500 pushes, 3 viewed since the last refresh):');
  for (const edition of ['pro', 'oss'] as const) {
    const r = await measureRefresh(edition);
    refresh.push(r);
    console.log(
      `  ${edition}: ${r.listRequests} list requests, ${r.auditRequests} audit requests, ${r.events} events, ${r.refreshMs.toFixed(0)} ms`,
    );
    if (r.events !== r.changed)
      failures.push(`${edition}: the refresh found ${r.events} events, not ${r.changed}`);
    if (edition === 'pro' && r.listRequests > LIST_BUDGET)
      failures.push(`pro refresh used ${r.listRequests} list requests (budget ${LIST_BUDGET})`);
    if (edition === 'pro' && r.auditRequests > AUDIT_BUDGET)
      failures.push(`pro refresh used ${r.auditRequests} audit requests (budget ${AUDIT_BUDGET})`);
  }
  console.log(`  budget (pro): at most ${LIST_BUDGET} list and ${AUDIT_BUDGET} audit requests`);

  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'test-results', 'bench.json'),
    JSON.stringify({ popup, refresh }, null, 2),
  );
  if (failures.length > 0) {
    for (const f of failures) console.error(`✖ over budget: ${f}`);
    process.exit(1);
  }
  console.log('\nAll budgets met.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
