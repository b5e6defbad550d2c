/**
 * An organization's managed policy in real browsers: Chromium reads it from /etc/chromium/policies/managed
 * (a file written for the journeys' build only and removed afterwards, even on failure), Firefox from a
 * policies.json that only its own test browser reads. The options page and the popup obey it, and a push
 * carries the organization's defaults, checked on the server.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { GECKO_ID } from '../firefox/browser';
import { BROWSERS, type BrowserName, type ExtensionBrowser } from './browsers';
import { launchChromium } from './browsers/chromium';
import { launchFirefoxJourneys } from './browsers/firefox';
import { unpackedExtensionId, writeChromiumPolicy, writeFirefoxPolicies } from './policy-files';
import { createdLink, openPopup, pageText, press, waitForText } from './steps';

let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [], rateLimit: 0 });
});
afterAll(() => host?.close());

/** The organization's policy; `defaults.expireAfterDays` is out of range on purpose (a note, not a crash). */
const policy = () => ({
  serverUrl: host.baseUrl,
  lockServer: true,
  allowDemoMode: false,
  tokenPlace: 'session',
  allowedKinds: ['text', 'url'],
  defaults: { expireAfterViews: 2, retrievalStep: false, deletableByViewer: false, expireAfterDays: 500 },
  watchIntervalMinutes: 30,
});

/** Writes the policy where `name` reads it, launches it, and returns the browser and the policy's removal. */
async function launchWithPolicy(
  name: BrowserName,
): Promise<{ browser: ExtensionBrowser; remove: () => void }> {
  if (name === 'chromium') {
    const id = unpackedExtensionId(path.resolve(process.env.EXT_PATH ?? '.output/e2e/chrome-mv3'));
    const remove = writeChromiumPolicy(id, policy());
    try {
      const browser = await launchChromium();
      // The id computed from the path is the one Chromium gave the extension, else the policy went nowhere.
      expect(browser.base).toBe(`chrome-extension://${id}`);
      return { browser, remove };
    } catch (error) {
      remove();
      throw error;
    }
  }
  const { file, remove } = writeFirefoxPolicies(GECKO_ID, policy());
  try {
    return { browser: await launchFirefoxJourneys({ policiesFile: file }), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

for (const name of BROWSERS)
  describe(`${name}: an organization's managed policy`, () => {
    let launched: { browser: ExtensionBrowser; remove: () => void } | undefined;
    const browser = () => launched!.browser;
    beforeAll(async () => {
      launched = await launchWithPolicy(name);
    });
    afterAll(async () => {
      try {
        await launched?.browser.close();
      } finally {
        launched?.remove();
      }
    });

    it('reaches the extension as storage.managed', async () => {
      const managed = await browser().background((g) => g.browser.storage.managed.get(), null);
      expect(managed).toEqual(policy());
    });

    it('the options page shows what the organization sets, and the value it ignored', async () => {
      const options = await browser().open('options.html', '::-p-aria(Demo mode[role="switch"])');
      await waitForText(options, 'Some settings are managed by your organization');
      const text = await pageText(options);
      expect(text).toContain('Ignored policy values');
      expect(text).toMatch(/defaults\.expireAfterDays\W+500/);
      expect(text).toContain('Your organization does not allow demo mode.');
      const demo = await options.$eval('[role="switch"]', (el) => ({
        on: el.getAttribute('aria-checked'),
        disabled: (el as HTMLButtonElement).disabled,
      }));
      expect(demo).toEqual({ on: 'false', disabled: true });
      const views = await options.$eval('#default-views', (el) => ({
        value: (el as HTMLInputElement).value,
        disabled: (el as HTMLInputElement).disabled,
      }));
      expect(views).toEqual({ value: '2', disabled: true });
      expect(await options.$eval('#watch-interval', (el) => (el as HTMLSelectElement).value)).toBe('30');
      const server = await options.$eval('#server-url', (el) => ({
        value: (el as HTMLInputElement).value,
        disabled: (el as HTMLInputElement).disabled,
      }));
      expect(server).toEqual({ value: host.baseUrl, disabled: true });
      expect(await options.$eval('#server-choice', (el) => (el as HTMLSelectElement).disabled)).toBe(true);
      const places = await options.$$eval('input[name="token-place"]', (all) =>
        all.map((el) => [(el as HTMLInputElement).checked, (el as HTMLInputElement).disabled]),
      );
      expect(places).toEqual([
        [false, true],
        [true, true],
      ]);
    });

    it("the popup offers only the allowed kinds, sends to the organization's server with its defaults", async () => {
      const popup = await openPopup(browser());
      const text = await pageText(popup);
      expect(text).not.toContain('Demo: links open only');
      expect(text).toContain(new URL(host.baseUrl).host);
      const tabs = await popup.$$eval('[role="tab"]', (all) => all.map((tab) => tab.textContent?.trim()));
      expect(tabs).toEqual(['Text', 'URL']);
      expect(await popup.$eval('#sp-views', (el) => (el as HTMLInputElement).value)).toBe('2');

      await popup.type('#sp-secret', `${name} under policy 12`);
      await press(popup, 'Create push');
      const { link, urlToken } = await createdLink(popup);
      expect(link.startsWith(`${host.baseUrl}/p/`)).toBe(true);
      // An anonymous push (no token was entered): anyone with the link retrieves it.
      const push = await createApiClient({ baseUrl: host.baseUrl, token: null }).retrievePush(urlToken);
      expect(push.payload).toBe(`${name} under policy 12`);
      expect(push).toMatchObject({
        expire_after_views: 2,
        retrieval_step: false,
        deletable_by_viewer: false,
      });
    });
  });
