/**
 * The chat-preview guard (issue 39 §2): a chat app's host (app.slack.com) resolved to a loopback page of
 * the test's own (LaunchOptions.loopbackHosts: Chromium's --host-resolver-rules, Firefox's
 * network.dns.localDomains), with the user's defaults saying no retrieval step. The popup opened over that
 * tab, and a quick push from it, make pushes with the retrieval step; "Turn off" makes one without; the
 * options page's switch turns the guard off. Each push is read back from the mock server. The popup is
 * opened as a tab whose opener is the chat page (what the toolbar button does, which no driver can click);
 * the journeys' build holds the chat host as it holds loopback (wxt.config.ts E2E_HOSTS), in the place of
 * the activeTab grant that click makes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { fill } from './secrets/form';
import { pushed, shortcut } from './secrets/quick';
import { selectSecret, tabIdOf } from './secrets/site';
import { serve, type Throttle } from './throttle';
import {
  ALICE,
  createdLink,
  OPTIONS_READY,
  ownerClient,
  press,
  useMockHost,
  useServer,
  waitForText,
} from './steps';

const CHAT_HOST = 'app.slack.com';
const LINE = 'Retrieval step on: chat previews would use up a view';

let site: Throttle;
beforeAll(async () => {
  // The chat app's page: a message with a secret in it (#secret), for the shortcut's selection.
  site = await serve((_request, response) => {
    const html = '<!doctype html><title>Slack</title><pre id="secret">zq-guard-shortcut-4c1e</pre>';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return true;
  });
});
afterAll(() => site?.close());

/** Opens the popup over the tab `tabId`, as the toolbar button does, once its form is ready. */
async function popupOver(browser: ExtensionBrowser, tabId: number): Promise<JourneyPage> {
  await browser.background(
    (g, tabId) => g.browser.tabs.create({ url: g.browser.runtime.getURL('/popup.html'), openerTabId: tabId }),
    tabId,
  );
  const popup = await browser.opened(`${browser.base}/popup.html`);
  await popup.waitForSelector('::-p-aria(Create push[role="button"])', { timeout: 15_000 });
  return popup;
}

forEachBrowser(
  'the chat-preview guard',
  (_name, browser) => {
    const host = useMockHost();
    const chatUrl = () => `http://${CHAT_HOST}:${new URL(site.url).port}`;
    let chat: JourneyPage;
    let tabId: number;
    beforeAll(async () => {
      await useServer(browser(), host().baseUrl, ALICE.token);
      // The user's own defaults: no retrieval step, one view (the guard has something to turn on).
      await browser().background((g, defaults) => g.chrome.storage.local.set({ pushDefaults: defaults }), {
        expireAfterDuration: 12,
        expireAfterDays: 7,
        expireAfterViews: 1,
        retrievalStep: false,
        deletableByViewer: true,
        passphrase: false,
      });
      chat = await browser().web(`${chatUrl()}/client/T1/C2`);
      tabId = await tabIdOf(browser(), chatUrl());
    });
    afterAll(() => chat?.close());

    /** The retrieval step of the push `urlToken`, as the server holds it. */
    const stepOnServer = async (urlToken: string) =>
      (await ownerClient(host().baseUrl).activeAll()).find((push) => push.url_token === urlToken)
        ?.retrieval_step;

    /** A push made in the popup over the chat tab; `turnOff` presses the line's "Turn off" first. */
    async function popupPush(secret: string, { turnOff = false, guarded = true } = {}) {
      const popup = await popupOver(browser(), tabId);
      if (guarded) await waitForText(popup, LINE);
      else expect(await popup.evaluate(() => document.body.innerText)).not.toContain(LINE);
      if (turnOff) {
        await press(popup, 'Turn off');
        await popup.waitForFunction(
          (line: string) => !document.body.innerText.includes(line),
          { polling: 100, timeout: 5_000 },
          LINE,
        );
      }
      await fill(popup, 'Secret', secret);
      await press(popup, 'Create push');
      const { urlToken } = await createdLink(popup);
      await press(popup, 'Done');
      await popup.close().catch(() => undefined); // Done closes a real popup; the tab may be gone already
      return urlToken;
    }

    it('the popup over a chat app says why and creates the push with the retrieval step', async () => {
      expect(await stepOnServer(await popupPush('zq-guard-popup-8a21'))).toBe(true);
    });

    it('"Turn off" beside the line creates that push without it', async () => {
      expect(await stepOnServer(await popupPush('zq-guard-off-3b7d', { turnOff: true }))).toBe(false);
    });

    it('a quick push from the chat app (the shortcut) has the retrieval step', async () => {
      await chat.bringToFront();
      await selectSecret(chat);
      const urlToken = pushed(await shortcut(browser(), tabId));
      expect(await stepOnServer(urlToken)).toBe(true);
    });

    it('with the setting off (options page), neither the popup nor a quick push turns it on', async () => {
      const options = await browser().open('options.html', OPTIONS_READY);
      await options.click(
        '::-p-aria(Turn the retrieval step on for pushes made from a chat or mail app[role="checkbox"])',
      );
      await expect
        .poll(() =>
          browser().background(async (g) => (await g.chrome.storage.local.get('chatGuard')).chatGuard),
        )
        .toBe(false);
      await options.close();

      expect(await stepOnServer(await popupPush('zq-guard-unguarded-5e90', { guarded: false }))).toBe(false);
      await chat.bringToFront();
      await selectSecret(chat);
      expect(await stepOnServer(pushed(await shortcut(browser(), tabId)))).toBe(false);
    });
  },
  { loopbackHosts: [CHAT_HOST] },
);
