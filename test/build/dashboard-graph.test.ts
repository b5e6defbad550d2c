/**
 * The dashboard's static import graph (what it loads before its first screen is painted, issue 13's
 * "Dashboard first render") stays free of what only a person's action needs: the messaging to the watcher
 * and its schemas (zod, refresh, expire, audits: entrypoints/dashboard/ask.ts), the API client, the
 * export's builders (entrypoints/dashboard/export-run.ts), the store's library (the settings are read and
 * followed with plain reads: lib/settings/read.ts), and idb (the cache is read with plain IndexedDB calls:
 * lib/watch/read.ts, which loads idb only to upgrade the cache). Each is recognized by a string its code keeps
 * through minification.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChrome, carrying, chunks, staticGraph } from './static-graph';

let dir: string;
let extDir: string;

beforeAll(() => {
  ({ dir, extDir } = buildChrome('secret-push-dashboard-graph-'));
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What loads on demand only, by a string of its code that minification keeps. */
const ON_DEMAND: Record<string, string> = {
  zod: 'Invalid input',
  'the messaging (lib/messages/runtime.ts)': 'The extension did not answer',
  'the API client (lib/api/client.ts)': 'The push link points to',
  'the export builders (lib/export/build.ts)': 'Expired: no views left',
  'idb (the cache is read with plain IndexedDB calls, lib/watch/read.ts)': 'continuePrimaryKey',
  // The page imports the settings' read and rules from their modules, as the popup does: through the
  // front (lib/settings), the save's chunk came along as a file of its own at open (issue 22).
  "the settings' save (lib/settings/save.ts and form.ts: the dashboard only reads them)":
    'store_saveServerFirst',
  // Parts only a person's action shows (components/dashboard/parts.ts).
  "a row's details (PushDetails.tsx)": 'dash_timeOnlyNoToken',
  'the question before opening a push (OpenDialog.tsx)': 'dash_openAndUseView',
  "the preview's QR image (components/LazyQrImage.tsx)": 'push_qrDrawing',
  'the link actions (components/dashboard/links.ts)': 'dash_clipboardDenied',
  "the copy's clearing later (lib/clipboard/index.ts)": 'The clipboard will not be cleared automatically',
};

describe("the dashboard's static import graph", () => {
  it('is found (the entry and its shared chunks)', () => {
    expect(staticGraph(extDir, 'dashboard.html').length).toBeGreaterThan(1);
  });

  it.each(Object.entries(ON_DEMAND))('leaves %s to load on demand', (_name, marker) => {
    expect(carrying(extDir, staticGraph(extDir, 'dashboard.html'), marker)).toEqual([]);
    // The marker does mark it: the build holds it, in a chunk loaded on demand.
    expect(carrying(extDir, chunks(extDir), marker).length).toBeGreaterThan(0);
  });
});
