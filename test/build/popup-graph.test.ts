/**
 * The popup's static import graph (what it loads at open, before anything is asked for) stays free of what
 * loads on demand (issue 13's popup bytes): the store's and the cache's libraries, which its one plain read
 * each replaces (lib/settings/read.ts, lib/watch/read.ts), and the parts of the form a person has to ask for.
 * Each is recognized by a string its code keeps through minification.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChrome, carrying, chunks, staticGraph } from './static-graph';

let dir: string;
let extDir: string;

beforeAll(() => {
  ({ dir, extDir } = buildChrome('secret-push-popup-graph-'));
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What loads on demand only, by a string of its code that minification keeps. */
const ON_DEMAND: Record<string, string> = {
  idb: 'continuePrimaryKey',
  FileDrop: 'push_dropFilesOr',
  WifiBuilder: 'push_wifiNoSecurity',
  'the result view (ResultView, its preview)': 'push_previewNoView',
  'the error words (lib/api/describe.ts)': 'error_rateLimitedWait',
  'the passphrase generator': 'Choose at least one kind of character',
  MoreOptions: 'Nederlands',
  // Its choices' key is the settings model's (the popup's read names it); the strength words are its own.
  'the secret generator (lib/generator)': 'veryStrong',
  "the generator's panel": 'generator_avoidAmbiguous',
  'the EFF word list': 'abdominal',
  // Behind the watcher's light front (lib/watch/view.ts) with what the popup uses; wxt.config.ts says why
  // the popup loads only the latter.
  "the dashboard's user-agent names (lib/watch/user-agent.ts)": 'Samsung Internet',
  // Below the form, asked for once the form is up (entrypoints/popup/parts.ts), with the cache read behind it.
  'the recent list (Recent.tsx)': 'popup_recentTitle',
  "the watch cache's read and schema (lib/watch/read.ts, schema.ts)": 'by-account-created',
};

describe("the popup's static import graph", () => {
  it('is found (the entry, and the chunks it imports: none, wxt.config.ts puts all in one)', () => {
    const entry = /<script\b[^>]*src="\/?([^"]+)"/.exec(fs.readFileSync(`${extDir}/popup.html`, 'utf8'))![1]!;
    expect(staticGraph(extDir, 'popup.html')).toContain(entry);
  });

  it.each(Object.entries(ON_DEMAND))('leaves %s to load on demand', (_name, marker) => {
    expect(carrying(extDir, staticGraph(extDir, 'popup.html'), marker)).toEqual([]);
    // The marker does mark it: the build holds it, in a chunk loaded on demand.
    expect(carrying(extDir, chunks(extDir), marker).length).toBeGreaterThan(0);
  });
});
