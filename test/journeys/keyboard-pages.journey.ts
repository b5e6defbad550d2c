/**
 * The keyboard and screen-reader user's day on the popup, the options page and the viewer (issue 37), with
 * no click: Tab, Shift+Tab, Enter, Space, arrows and Escape only. After every action the test reads where
 * focus is (never the page's body) and what the page's one live region (#sp-live) says; then the server's
 * side. The dashboard's keyboard journey is keyboard.journey.ts; both use keyboard-steps.ts.
 */
import { expect, it } from 'vitest';
import { createApiClient, type CreatePushInput } from '@/lib/api';
import type { DemoPageInfo } from '@/lib/demo/page-info';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { focused, key, liveText, tabTo, type Focused } from './keyboard-steps';
import { openViewer, shownSecret } from './page-steps';
import { valueOf } from './secrets/form';
import {
  ALICE,
  createdLink,
  demoClient,
  demoMessage,
  openPopup,
  OPTIONS_READY,
  ownerClient,
  useMockHost,
  useServer,
} from './steps';

const BOB = { email: 'bob@example.com', token: 'bob-token-keyboard-B7' };

/** Waits until the page's live region says `words` (a string: exactly; a pattern: matching). */
async function said(page: JourneyPage, words: string | RegExp): Promise<string> {
  await page
    .waitForFunction(
      ({ source, exact }) => {
        const text = document.getElementById('sp-live')?.textContent ?? '';
        return exact ? text === source : new RegExp(source).test(text);
      },
      { timeout: 15_000, polling: 50 },
      typeof words === 'string' ? { source: words, exact: true } : { source: words.source, exact: false },
    )
    .catch(async (error: unknown) => {
      throw new Error(`The live region says "${await liveText(page)}", not ${String(words)}`, {
        cause: error,
      });
    });
  return liveText(page);
}

/** Focus is somewhere on the page, not on its body (nor nowhere). */
function notOnBody(now: Focused): Focused {
  expect(now.tag).not.toBe('body');
  expect(now.tag).not.toBe('none');
  return now;
}

/** Waits until focus is on something `wanted` says yes to; returns it (on a timeout, says where it is). */
async function focusLandsOn(page: JourneyPage, wanted: (f: Focused) => boolean, what: string) {
  const until = Date.now() + 15_000;
  let now = await focused(page);
  while (!wanted(now) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await focused(page);
  }
  if (!wanted(now))
    throw new Error(
      `No ${what}: focus is on ${JSON.stringify(now)}; the live region says "${await liveText(page)}"`,
    );
  return notOnBody(now);
}

/**
 * Every control of the page a pointer must hit is at least 24 × 24 px (WCAG 2.5.8), a check box by its
 * label; a link inside a sentence is exempt. Returns those that are not, described.
 */
const smallTargets = (page: JourneyPage) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, summary',
    )) {
      const box = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('label') ?? el) : el;
      const { width, height } = box.getBoundingClientRect();
      if (width === 0 && height === 0) continue; // not shown
      const inSentence = el.matches('a') && el.parentElement?.matches('p');
      if (!inSentence && (width < 24 || height < 24))
        small.push(
          `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${width}×${height}`,
        );
    }
    return small;
  });

/** A push made on the demo service with the install's demo token, as the popup in demo mode makes one. */
async function demoPush(ext: ExtensionBrowser, push: CreatePushInput) {
  return (await (await demoClient(ext)).client.createPush(push)).push;
}

/** The saved servers' list and default, as storage.local holds them. */
const storedServers = (ext: ExtensionBrowser) =>
  ext.background(async (g) => {
    const { server } = (await g.chrome.storage.local.get('server')) as {
      server?: { defaultUrl: string | null; servers: Array<{ url: string }> };
    };
    return { defaultUrl: server?.defaultUrl ?? null, urls: (server?.servers ?? []).map((s) => s.url) };
  });

forEachBrowser('the keyboard alone on the popup, the options page and the viewer', (name, browser) => {
  const host = useMockHost();
  // A second server, with its own account: a token saved for one server is never sent to another.
  const other = useMockHost([BOB]);
  it('options: Add a server, Connect, Make default and Remove (confirmed), all by keyboard: focus after each on what it made, the live region names the server, and storage holds the result', async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
    const added = other().baseUrl;
    const addedName = new URL(added).host;
    const options = await browser().open('options.html', OPTIONS_READY);
    await options.waitForSelector(`.server-list > li[data-server="${host().baseUrl}"]`);
    expect(await liveText(options)).toBe('');

    // Add a server: focus on the form's first field, the server choice.
    await tabTo(options, (f) => f.words === 'Add a server');
    await key(options, 'Enter');
    await focusLandsOn(options, (f) => f.id === 'server-choice', 'focus on the server choice');
    // The last choice, a self-hosted server, by the End key on the closed select.
    await key(options, 'End');
    await options.waitForSelector('#server-url');
    notOnBody(await tabTo(options, (f) => f.id === 'server-url'));
    for (const char of added) await options.keyboard.press(char);
    notOnBody(await tabTo(options, (f) => f.id === 'api-token'));
    for (const char of BOB.token) await options.keyboard.press(char);
    await tabTo(options, (f) => f.words === 'Connect');
    await key(options, 'Enter');

    // Connect: focus on the new server's row; said with its name, and that the default has not changed.
    await focusLandsOn(options, (f) => f.words === addedName && f.tag === 'li', 'focus on the new row');
    await said(options, `Connected to ${addedName}. The default server has not changed.`);
    expect(await storedServers(browser())).toEqual({
      defaultUrl: host().baseUrl,
      urls: [host().baseUrl, added],
    });

    // Make default, the row's first button: focus stays on the row, said with its name.
    expect((await key(options, 'Tab')).words).toBe('Make default');
    await key(options, 'Enter');
    await said(options, `Default server: ${addedName}.`);
    await focusLandsOn(options, (f) => f.words === addedName && f.tag === 'li', 'focus back on the row');
    expect((await storedServers(browser())).defaultUrl).toBe(added);

    // Remove: the question takes focus on Keep it; Shift+Tab reaches Remove server; Enter removes.
    await tabTo(options, (f) => f.words === `Remove ${addedName}`);
    await key(options, 'Enter');
    await focusLandsOn(options, (f) => f.words === 'Keep it', 'focus on Keep it');
    expect((await key(options, 'Tab', true)).words).toBe('Remove server');
    await key(options, 'Enter');
    await focusLandsOn(options, (f) => f.tag === 'h2' && f.words === 'Servers', 'focus on the list heading');
    await said(options, 'Server removed, with its token and the pushes this browser followed on it.');
    expect((await storedServers(browser())).urls).toEqual([host().baseUrl]);
    await options.close();
  }, 120_000);

  it('viewer: Reveal by keyboard puts focus on the revealed secret, the live region says it is shown (not what it is), and the demo service counts the view', async () => {
    const secret = `viewer keyboard ${name} 52c8`;
    const push = await demoPush(browser(), { payload: secret, expire_after_views: 3, retrieval_step: true });
    const viewer = await openViewer(browser(), push.html_url);
    expect(await liveText(viewer)).toBe('');

    await tabTo(viewer, (f) => f.words === 'Reveal secret');
    await key(viewer, 'Enter');
    expect(await shownSecret(viewer)).toBe(secret);
    await focusLandsOn(viewer, (f) => f.className.includes('card'), 'focus on the revealed secret');
    await said(viewer, 'Secret revealed. This secret can be viewed 2 more times.');
    expect(await liveText(viewer)).not.toContain(secret);
    // Its Copy is a few stops on.
    notOnBody(await tabTo(viewer, (f) => f.words === 'Copy', 3));

    // The demo service's side: the reveal was a retrieval, one view counted.
    const info = await demoMessage<DemoPageInfo>(browser(), 'demo-page-info', { url_token: push.url_token });
    expect(info).toMatchObject({ live: true, views_remaining: 2 });
    await viewer.close();
  }, 120_000);

  it(`popup: a secret, the wand’s passphrase, Create, the link and the passphrase copied, the popup closed and reopened, Done, all by keyboard; every control is 24 px or more; the server has the push and the passphrase opens it`, async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
    const secret = `keyboard secret ${name} 7a31`;
    const popup = await openPopup(browser());
    await popup.setViewport({ width: 380, height: 600 });
    expect(await liveText(popup)).toBe('');
    expect(await smallTargets(popup)).toEqual([]);

    // The popup opens with focus on the Secret field: type, as a person does. (Tabbing round to it would leave
    // the page for the browser's own toolbar in Firefox, where the next keys then went.)
    expect((await focused(popup)).id).toBe('sp-secret');
    for (const char of secret) await popup.keyboard.press(char); // " " is Space in both drivers
    expect(await valueOf(popup, 'Secret')).toBe(secret);

    // The wand fills the passphrase; focus stays on it, and the live region says so without the value.
    const wand = await tabTo(popup, (f) => f.words === 'Generate passphrase');
    notOnBody(await key(popup, 'Enter'));
    await said(popup, 'Passphrase generated');
    await expect.poll(() => valueOf(popup, 'Passphrase')).toMatch(/.{9,}/);
    const passphrase = await valueOf(popup, 'Passphrase');
    expect(await focused(popup)).toEqual(wand);
    expect(await liveText(popup)).not.toContain(passphrase);

    // Create: focus lands on the link, and the live region says it was created and copied.
    await tabTo(popup, (f) => f.words === 'Create push');
    await key(popup, 'Enter');
    const { link, urlToken } = await createdLink(popup);
    await focusLandsOn(popup, (f) => f.id === 'sp-link', 'focus on the link');
    await said(popup, 'Push created, link copied');
    expect(await smallTargets(popup)).toEqual([]);

    // Copy link (Enter), then the passphrase on its own (Space): each said, each on the clipboard.
    await tabTo(popup, (f) => f.words === 'Copy link');
    notOnBody(await key(popup, 'Enter'));
    await said(popup, 'Link copied');
    expect(await browser().clipboard()).toBe(link);
    // Firefox's clipboard is read from another extension page brought in front: the popup is looked at again
    // before the next key (without it, Tab still moved its focus but Enter and Space activated nothing).
    await popup.bringToFront();
    await tabTo(popup, (f) => f.words === 'Copy passphrase');
    notOnBody(await key(popup, ' '));
    await said(popup, 'Passphrase copied. The link is no longer on the clipboard.');
    expect(await browser().clipboard()).toBe(passphrase);
    // On the way to the chat the popup closes.
    await popup.close();

    // Reopened: the result is there, focus on its link, and the live region says until when it is kept.
    const reopened = await openPopup(browser(), { lastResult: true });
    expect(await createdLink(reopened)).toEqual({ link, urlToken });
    await focusLandsOn(reopened, (f) => f.id === 'sp-link', 'focus on the kept link');
    await said(reopened, /^Your last push, kept in memory until .+\. Done erases it now\.$/);
    // Escape with no panel open drops nothing.
    notOnBody(await key(reopened, 'Escape'));
    expect(await createdLink(reopened)).toEqual({ link, urlToken });
    // Done erases the kept result (and closes a real popup).
    await tabTo(reopened, (f) => f.words === 'Done');
    // Done may close the page (a real popup closes): nothing is read from it after.
    await reopened.keyboard.press('Enter').catch((error: unknown) => {
      if (!String(error).includes('closed')) throw error;
    });
    await expect
      .poll(() => browser().background(async (g) => (await g.chrome.storage.session.get(null)).popupHandoff))
      .toBeUndefined();
    await reopened.close().catch(() => undefined);

    // The server's side: the push is there, and the passphrase that went another way opens it.
    const owner = ownerClient(host().baseUrl);
    expect((await owner.activeAll()).map((push) => push.url_token)).toContain(urlToken);
    const recipient = createApiClient({ baseUrl: host().baseUrl });
    expect((await recipient.retrievePush(urlToken, { passphrase })).payload).toBe(secret);
  }, 120_000);
});
