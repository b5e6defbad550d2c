/**
 * The keyboard, pressed for real (issue 39 §4): each of the extension's four shortcuts pressed with xdotool
 * into a headed browser on an X display of the test's own (x-display.ts), as a person's keyboard would, with
 * no call into the extension's handlers. The server's side is checked (the push holds the selection or the
 * clipboard's text), and the X clipboard (the link is there, the secret is not).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type BrowserName, type ExtensionBrowser, type JourneyPage } from './browsers';
import { waitFor } from '../browser-steps';
import { launchChromium } from './browsers/chromium';
import { launchFirefoxJourneys, puppeteerOf } from './browsers/firefox';
import { inMainWindow } from './browsers/firefox-chrome';
import { selectSecret, startSite } from './secrets/site';
import { ALICE, createdLink, openPopup, ownerClient, useServer } from './steps';
import { startXDisplay, type XDisplay } from './x-display';

const SELECTED = 'keys: selected text 5c1d';
/** The window the keys are pressed in: the one showing the site's page, by its title. */
const WINDOW = 'Notes';
/** The popup opened as a tab: its window, by the popup's title. */
const POPUP = 'Secret Push';
/**
 * Push selection's key: Alt+Shift+S, but Alt+Shift+P in Firefox, whose menu bar takes Alt+Shift+S in English
 * (History's access key; wxt.config.ts).
 */
const SELECTION_KEY = { chromium: 'Alt+Shift+S', firefox: 'Alt+Shift+P' } as const;

/** The four commands with the keys the manifest suggests (wxt.config.ts), each assigned in both browsers. */
const KEYS = (open: string, browserName: keyof typeof SELECTION_KEY) => [
  { name: 'copy-last-link', shortcut: 'Alt+Shift+K' },
  { name: 'push-clipboard', shortcut: 'Alt+Shift+Y' },
  { name: 'push-selection', shortcut: SELECTION_KEY[browserName] },
  { name: open, shortcut: 'Alt+Shift+O' },
];

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite(SELECTED, '');
});
afterAll(() => site?.close());

/** The url_token of a push link (`…/p/<token>/r`). */
const tokenOf = (link: string) => /\/p\/([^/#?]+)/.exec(link)?.[1] ?? `(no push link: ${link})`;

/** Each browser's X display, started with it (launchOnDisplay). */
const displays: Partial<Record<BrowserName, XDisplay>> = {};

/** The browser, headed, on a display of its own, which closes with it. */
async function launchOnDisplay(name: BrowserName): Promise<ExtensionBrowser> {
  const display = (displays[name] = await startXDisplay());
  try {
    const launch = name === 'chromium' ? launchChromium : launchFirefoxJourneys;
    const browser = await launch({ display: display.name });
    return { ...browser, close: () => browser.close().finally(() => display.close()) };
  } catch (error) {
    await display.close();
    throw error;
  }
}

forEachBrowser(
  'the keyboard, pressed for real',
  (name, browser) => {
    const x = () => displays[name]!;
    let host: MockHost;
    let page: JourneyPage;
    beforeAll(async () => {
      host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
      await useServer(browser(), host.baseUrl, ALICE.token);
      page = await browser().web(`${site.url}/notes.html`);
      await page.bringToFront();
    });
    afterAll(() => host?.close());

    /** Waits until the X clipboard holds a link of the server's, other than `before`, and returns it. */
    const newLink = (before: string) =>
      waitFor(
        'a new push link on the X clipboard',
        async () => {
          const text = await x().clipboard();
          return text.startsWith(`${host.baseUrl}/p/`) && text !== before ? text : undefined;
        },
        20_000,
      );

    it('commands.getAll() lists the four commands, each with its key assigned', async () => {
      const commands = await browser().background((g) => g.browser.commands.getAll());
      const open = name === 'chromium' ? '_execute_action' : '_execute_browser_action';
      expect(
        commands
          .map(({ name, shortcut }) => ({ name: name!, shortcut }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ).toEqual(KEYS(open, name).sort((a, b) => a.name.localeCompare(b.name)));
    });

    it('Alt+Shift+Y pushes the X clipboard’s text; its link replaces the secret there', async () => {
      const secret = `keys: ${name} copied elsewhere 9e2b\nsecond line`;
      await x().copy(secret);
      await x().press(WINDOW, 'alt+shift+y');
      const link = await newLink(secret);
      expect(link).not.toContain('9e2b');
      expect((await ownerClient(host.baseUrl).retrievePush(tokenOf(link))).payload).toBe(secret);
    });

    it('Alt+Shift+K copies the last push’s link again, over whatever the clipboard held', async () => {
      const last = await x().clipboard();
      const pushes = (await ownerClient(host.baseUrl).activeAll()).length;
      await x().copy('something else entirely');
      await x().press(WINDOW, 'alt+shift+k');
      await expect.poll(() => x().clipboard(), { timeout: 20_000 }).toBe(last);
      // Nothing was pushed for it.
      expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(pushes);
    });

    it(`${SELECTION_KEY[name]} pushes the page’s selection; its link lands on the X clipboard`, async () => {
      const before = await x().clipboard();
      await selectSecret(page);
      await x().press(WINDOW, SELECTION_KEY[name].toLowerCase());
      const link = await newLink(before);
      expect((await ownerClient(host.baseUrl).retrievePush(tokenOf(link))).payload).toBe(SELECTED);
    });

    if (name === 'firefox')
      it('Firefox only: Alt+Shift+S, Chrome’s key, opens the History menu in an English Firefox (its access key) and pushes nothing: why Firefox’s is Alt+Shift+P', async () => {
        const pushes = (await ownerClient(host.baseUrl).activeAll()).length;
        await selectSecret(page);
        await x().press(WINDOW, 'alt+shift+s');
        const historyOpen = () =>
          inMainWindow<boolean>(
            puppeteerOf(browser()),
            `JSON.stringify(document.getElementById('history-menu').open)`,
          );
        await expect.poll(historyOpen, { timeout: 10_000 }).toBe(true);
        await x().press(WINDOW, 'Escape');
        await expect.poll(historyOpen).toBe(false);
        expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(pushes);
      });

    it('Ctrl+Enter in the popup creates from a field other than the secret, once for two presses', async () => {
      const before = (await ownerClient(host.baseUrl).activeAll()).length;
      const popup = await openPopup(browser());
      await popup.bringToFront();
      const secret = `keys: ${name} popup 3a7c`;
      await popup.type('#sp-secret', secret);
      await popup.focus('#sp-views');
      await x().press(POPUP, 'ctrl+Return');
      await x().press(POPUP, 'ctrl+Return');
      const { urlToken } = await createdLink(popup);
      expect((await ownerClient(host.baseUrl).retrievePush(urlToken)).payload).toBe(secret);
      expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(before + 1);
      await popup.close();
      await page.bringToFront();
    });

    it('Alt+Shift+O opens the popup', async () => {
      const popups = () =>
        browser().background(
          async (g) => (await g.chrome.runtime.getContexts({ contextTypes: ['POPUP' as never] })).length,
        );
      expect(await popups()).toBe(0);
      await x().press(WINDOW, 'alt+shift+o');
      await expect.poll(popups, { timeout: 20_000 }).toBe(1);
    });
  },
  { launch: launchOnDisplay },
);
