/**
 * The files each page's HTML loads before any of its script runs (its script, module preloads and
 * stylesheets): Chromium serves each from its browser process, and under load they come back together,
 * late, while the page waits (issue 22's popup trace). The popup, built on its own, loads its one script
 * and its stylesheet (webextension-polyfill taken as an ES module needs no Rolldown runtime); wxt.config.ts's
 * two groups keep the other pages' count down without giving a page a library it did not load: offscreen,
 * which hosts quick push's clipboard and the demo service, loads neither preact nor the words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChrome } from './static-graph';

let dir: string;
let extDir: string;

beforeAll(() => {
  ({ dir, extDir } = buildChrome('secret-push-page-files-'));
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What `page`'s HTML names: its scripts, module preloads and stylesheets. */
function filesAtOpen(page: string): string[] {
  const html = fs.readFileSync(path.join(extDir, page), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
}

/** At most this many files at open, per page (wxt.config.ts lists each page's count). */
const MOST: Record<string, number> = {
  'popup.html': 2,
  'dashboard.html': 9,
  'options.html': 18,
  'viewer.html': 22,
  'welcome.html': 6,
  'offscreen.html': 13,
};

/** Libraries by a string of their code that minification keeps. */
const PREACT = 'dangerouslySetInnerHTML';
const WORDS = 'i18n.getMessage';

describe('the files each page loads at open', () => {
  it('are every page of the build', () => {
    const pages = fs.readdirSync(extDir).filter((name) => name.endsWith('.html'));
    expect(pages.sort()).toEqual(Object.keys(MOST).sort());
  });

  it.each(Object.entries(MOST))('%s loads at most %i', (page, most) => {
    const files = filesAtOpen(page);
    expect(files.length).toBeGreaterThan(1);
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(most);
  });

  it('give the offscreen document neither preact nor the words', () => {
    const code = filesAtOpen('offscreen.html').map((file) =>
      fs.readFileSync(path.join(extDir, file), 'utf8'),
    );
    expect(code.some((text) => text.includes(PREACT))).toBe(false);
    expect(code.some((text) => text.includes(WORDS))).toBe(false);
    // The markers do mark them: the popup loads both at open.
    const popup = filesAtOpen('popup.html').map((file) => fs.readFileSync(path.join(extDir, file), 'utf8'));
    expect(popup.some((text) => text.includes(PREACT))).toBe(true);
    expect(popup.some((text) => text.includes(WORDS))).toBe(true);
  });

  it("run the popup's script as soon as it arrives, and only the popup's (wxt.config.ts, popupScriptAsync)", () => {
    const scripts = (page: string) =>
      [...fs.readFileSync(path.join(extDir, page), 'utf8').matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts('popup.html')).toEqual([expect.stringMatching(/^<script type="module" async /)]);
    for (const page of Object.keys(MOST).filter((name) => name !== 'popup.html'))
      for (const tag of scripts(page)) expect(tag, page).not.toContain(' async');
  });
});
