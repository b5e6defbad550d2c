/**
 * Popup rows (issue 22): the JS and CSS the popup loads at open (what popup.html names; the parts it asks
 * for once its form is up are reported beside them), gzipped, webextension-polyfill included (guard
 * 32 KB), and the median time from navigation to the "Secret" field accepting input, ≤ 1.25× its floor: a
 * blank extension page with the popup's own stylesheet and no script, alternated with it.
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS, welcomePage } from '../journeys/browsers/chromium';
import { keptTime, watchFromFirstFrame } from './page-clock';
import { kb, median, ms, pairedRuns, type Interval, type Row } from './rows';

/** The guard on the popup's bytes at open, gzipped, the polyfill included (KB). */
export const POPUP_GUARD_KB = 32;
export const READY_BUDGET_RATIO = 1.25;

export interface PopupFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PopupFigures {
  /** What popup.html loads before any script runs (its script, module preloads and stylesheets). */
  files: PopupFile[];
  gzipBytes: number;
  /** The parts loaded on demand that the open popup then asked for (the recent list...), until idle. */
  later?: PopupFile[];
  /**
   * `styled`: the blank page with the popup's own stylesheets linked and no script, alternated with the two
   * others: what styling alone costs, the floor of any popup that looks like this one.
   */
  readyMs: { popup: number; blank: number; styled: number; runs: number };
  /** Median of each popup run over the styled page's run beside it (rows.ts pairedRatio). */
  readyRatio: number;
  /** Its 90 % interval (rows.ts pairedInterval). */
  readyInterval?: Interval;
}

/** A blank extension page with the same kind of field, copied into the bench build only (never shipped). */
const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>blank</title></head>
<body><label>Secret <textarea></textarea></label></body></html>`;

const READY_KEY = '__benchSecretReady';

/**
 * Installed in every page of the bench's browser (page-clock.ts): the first frame in which the "Secret" field
 * exists and takes input (focused, a character typed in) is the page's readiness.
 */
export const WATCH_FOR_SECRET = watchFromFirstFrame(
  READY_KEY,
  `() => {
    const field = [...document.querySelectorAll('textarea, input')].find((el) =>
      (el.labels && [...el.labels].some((l) => l.textContent.trim().startsWith('Secret'))) ||
      el.getAttribute('aria-label') === 'Secret');
    if (!field || field.disabled || field.readOnly) return false;
    field.focus();
    field.value = 'x';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    return field.value === 'x' && document.activeElement === field;
  }`,
);

// Runs in a page opened under WATCH_FOR_SECRET: resolves with the readiness it kept, once it has.
export const WAIT_FOR_SECRET = keptTime(READY_KEY);

/** The blank page with `stylesheets` (the popup's, as popup.html links them) and nothing else. */
function styledBlank(stylesheets: string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return BLANK_PAGE.replace('</head>', `${links}</head>`);
}

/**
 * 50 paired runs. With 25, two loads of the same build in one browser read 1.21× and 1.34× against their
 * styled pages (40 alternated opens each): each open's time varies on its own, by up to 2× on a 2-core
 * machine, so pairing cannot cancel it and only more opens narrow the median (its 90 % interval, printed
 * on the row, is about ±0.05× at 25 and ±0.035× at 50). Issue 40.
 */
export async function measurePopup(extDir: string, runs = 50): Promise<PopupFigures> {
  fs.writeFileSync(path.join(extDir, 'bench-blank.html'), BLANK_PAGE);
  const popupHtml = fs.readFileSync(path.join(extDir, 'popup.html'), 'utf8');
  const stylesheets = [...popupHtml.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  if (stylesheets.length === 0)
    throw new Error('popup.html links no stylesheet: the styled reference is broken');
  fs.writeFileSync(path.join(extDir, 'bench-styled.html'), styledBlank(stylesheets));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, ...CHROMIUM_ARGS],
  });
  try {
    await context.addInitScript(WATCH_FOR_SECRET);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // The install's welcome tab is open (and stays, behind) before anything is measured.
    await welcomePage(context);
    const base = `chrome-extension://${new URL(worker.url()).host}`;

    // What the popup really loads at open: every script and stylesheet in its resource timing entries.
    // Resource timing leaves chrome-extension:// URLs out, so the DevTools protocol's network events are used.
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const loaded: string[] = [];
    cdp.on('Network.requestWillBeSent', (event: { request: { url: string } }) =>
      loaded.push(event.request.url),
    );
    await cdp.send('Network.enable');
    await page.goto(`${base}/popup.html`);
    await page.evaluate(WAIT_FOR_SECRET);
    await page.waitForLoadState('networkidle');
    await page.close();
    if (loaded.length === 0) throw new Error('No popup resources were observed: the measurement is broken');
    const requested = loaded.map((url) => new URL(url).pathname).filter((p) => /\.(m?js|css)$/.test(p));
    // At open: what popup.html itself names (issue 13's static graph, which test/build/popup-graph.test.ts
    // checks too), all before the first render. Parts asked for after it are counted beside them, not in.
    const atOpen = [
      ...popupHtml.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.(?:m?js|css))"/g),
    ].map((m) => m[1]!);
    const unseen = atOpen.filter((file) => !requested.includes(file));
    if (unseen.length > 0) throw new Error(`popup.html names ${unseen.join(', ')}, never requested`);
    const sized = (p: string): PopupFile => {
      const bytes = fs.readFileSync(path.join(extDir, p));
      return { file: p, bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
    };
    const files = atOpen.map(sized);
    const later = requested.filter((p) => !atOpen.includes(p)).map(sized);

    // Alternate the two pages so that both see the same machine load.
    const popupTimes: number[] = [];
    const blankTimes: number[] = [];
    const styledTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const [url, times] of [
        [`${base}/popup.html`, popupTimes],
        [`${base}/bench-blank.html`, blankTimes],
        [`${base}/bench-styled.html`, styledTimes],
      ] as const) {
        const p = await context.newPage();
        await p.goto(url, { waitUntil: 'commit' });
        times.push(await p.evaluate(WAIT_FOR_SECRET));
        await p.close();
      }
    }
    const { paired, interval } = pairedRuns(popupTimes, styledTimes);
    return {
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      later,
      readyMs: { popup: median(popupTimes), blank: median(blankTimes), styled: median(styledTimes), runs },
      readyRatio: paired,
      readyInterval: interval,
    };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * What webextension-polyfill (the design card's) adds to every context, the popup's bytes at open among
 * them: its minified build, which is what the bundles carry.
 */
export function polyfillCost(): { bytes: number; gzipBytes: number } {
  const file = path.resolve(
    import.meta.dirname,
    '../../node_modules/webextension-polyfill/dist/browser-polyfill.min.js',
  );
  const code = fs.readFileSync(file);
  return { bytes: code.length, gzipBytes: zlib.gzipSync(code, { level: 9 }).length };
}

/** The rows: time to take input against the styled blank page, and bytes at open against the guard. */
export function popupRows(popup: PopupFigures): Row[] {
  const { popup: ready, blank, styled, runs } = popup.readyMs;
  const polyfill = polyfillCost();
  return [
    {
      name: 'Popup ready',
      figure: { value: ready, unit: 'ms', what: 'open → the Secret field takes input' },
      floor: { value: styled, unit: 'ms', what: "blank page with the popup's stylesheet" },
      budget: { kind: 'ratio', max: READY_BUDGET_RATIO },
      paired: popup.readyRatio,
      interval: popup.readyInterval,
      note: `medians of ${runs}, alternated; a blank page without the stylesheet ${ms(blank)}`,
    },
    {
      name: 'Popup bytes',
      figure: {
        value: popup.gzipBytes / 1024,
        unit: 'KB',
        what: `gzipped, JS + CSS at open (${popup.files.length} files), the polyfill included`,
      },
      floor: {
        value: polyfill.gzipBytes / 1024,
        unit: 'KB',
        what: `of it webextension-polyfill (${kb(polyfill.bytes)} minified, in every context)`,
      },
      budget: { kind: 'limit', max: POPUP_GUARD_KB },
      note: [
        popup.files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', '),
        popup.later?.length
          ? `then on demand, once the form is up: ${popup.later.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')} (${kb(popup.later.reduce((sum, f) => sum + f.gzipBytes, 0))})`
          : '',
      ]
        .filter(Boolean)
        .join('; '),
    },
  ];
}
