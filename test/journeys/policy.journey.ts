/**
 * An organization's managed policy in real browsers, each policy on a fresh install (policy-files.ts says
 * where each browser reads it). The options page and the popup obey it, a push carries its defaults
 * (checked on the server), no page shows a forbidden demo mode even before the background has read it
 * (issue 18), and under tokenPlace "session" no server added keeps its token in storage.local.
 */
import { expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import type { MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type BrowserName, type ExtensionBrowser, type JourneyPage } from './browsers';
import { launchChromium } from './browsers/chromium';
import { GECKO_ID, launchFirefoxJourneys } from './browsers/firefox';
import { unpackedExtensionId, writeChromiumPolicy, writeFirefoxPolicies } from './policy-files';
import { connectServer, fieldValue, recordTexts, recordedTexts } from './page-steps';
import { createPush } from './secrets/form';
import { storedText } from './secrets/quick';
import { OPTIONS_READY, openPopup, pageText, press, useMockHost, waitForRow, waitForText } from './steps';

const host = useMockHost([]);

/** Where the options page says the token is kept: each choice's [checked, disabled]. */
const places = (options: JourneyPage) =>
  options.$$eval('input[name="token-place"]', (all) =>
    all.map((el) => [(el as HTMLInputElement).checked, (el as HTMLInputElement).disabled]),
  );
/** Under tokenPlace "session": the session is checked, and neither can be changed. */
const SESSION_FIXED = [
  [false, true],
  [true, true],
];

/** The organization's policy; `defaults.expireAfterDays` is out of range on purpose (a note, not a crash). */
const policy = () => ({
  serverUrl: host().baseUrl,
  lockServer: true,
  allowDemoMode: false,
  tokenPlace: 'session',
  allowedKinds: ['text', 'url'],
  defaults: { expireAfterViews: 2, retrievalStep: false, deletableByViewer: false, expireAfterDays: 500 },
  watchIntervalMinutes: 30,
});

/**
 * Words that only demo mode shows: on the popup ("to Demo", its one-line notice "Demo: links open only…")
 * and the welcome page ("Demo mode is on", "Try it").
 */
const DEMO_WORDS = ['Demo mode', 'Demo:', 'to Demo', 'Try it'];

/**
 * Launches `name` (a fresh profile: a fresh install) under `managed`, written where that browser reads it;
 * closing the browser removes the policy again.
 */
async function launchWithPolicy(name: BrowserName, managed: object): Promise<ExtensionBrowser> {
  const id = unpackedExtensionId(process.env.EXT_PATH ?? '.output/e2e/chrome-mv3');
  const firefox = name === 'firefox' ? writeFirefoxPolicies(GECKO_ID, managed) : undefined;
  const remove = firefox?.remove ?? writeChromiumPolicy(id, managed);
  try {
    const browser = firefox
      ? await launchFirefoxJourneys({ policiesFile: firefox.file })
      : await launchChromium();
    // The id computed from the path is the one Chromium gave the extension, else the policy went nowhere.
    if (!firefox) expect(browser.base).toBe(`chrome-extension://${id}`);
    return { ...browser, close: () => browser.close().finally(remove) };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Declares `body` once per browser (forEachBrowser), each launched once, fresh, under `managed`. */
const underPolicy = (title: string, managed: () => object, body: Parameters<typeof forEachBrowser>[1]) =>
  forEachBrowser(title, body, { launch: (name) => launchWithPolicy(name, managed()) });

underPolicy("an organization's managed policy", policy, (name, browser) => {
  it('never offers, from the first moment on, a kind the organization does not allow, nor demo mode, in the popup or on the welcome page', async () => {
    // From the first moment: the popup opened at once, the welcome page as the install opened it. Until the
    // policy copy is stored (~3 s in Chromium) nothing either shows may be what the policy forbids.
    const popup = await browser().open('popup.html', 'body');
    const welcome = browser().welcome;
    const TABS = '[role="tab"]';
    await Promise.all([recordTexts(popup, TABS), recordTexts(popup), recordTexts(welcome)]);
    // Until both are ready under the policy (its server named): everything they showed before is recorded.
    const server = new URL(host().baseUrl).host;
    await waitForText(welcome, `Your organization has set up Secret Push with its own server, ${server}.`);
    await waitForText(popup, `to ${server}`);
    const offered = new Set((await recordedTexts(popup, TABS)).flatMap((tabs) => tabs.split('\n')));
    expect([...offered].filter((kind) => !['Text', 'URL'].includes(kind))).toEqual([]);
    const seen = [...(await recordedTexts(popup)), ...(await recordedTexts(welcome))];
    for (const words of DEMO_WORDS) expect(seen.filter((text) => text.includes(words))).toEqual([]);
  });

  it('reaches the extension as storage.managed', async () => {
    const managed = await browser().background((g) => g.browser.storage.managed.get());
    expect(managed).toEqual(policy());
  });

  it('the options page shows what the organization sets, and the value it ignored', async () => {
    const options = await browser().open('options.html', OPTIONS_READY);
    await waitForText(options, 'Some settings are managed by your organization');
    const text = await pageText(options);
    expect(text).toContain('Ignored policy values');
    expect(text).toMatch(/defaults\.expireAfterDays\W+500/);
    expect(text).toContain('Your organization does not allow demo mode.');
    // Each control's value (a switch's aria-checked) and whether it can be changed.
    const control = (selector: string) =>
      options.$eval(selector, (el) => [
        el.getAttribute('aria-checked') ?? (el as HTMLInputElement).value,
        (el as HTMLInputElement).disabled,
      ]);
    expect({
      demo: await control('[role="switch"]'),
      views: await control('#default-views'),
      server: await control('#server-url'),
      choice: (await control('#server-choice'))[1],
    }).toEqual({ demo: ['false', true], views: ['2', true], server: [host().baseUrl, true], choice: true });
    expect(await fieldValue(options, '#watch-interval')).toBe('30');
    expect(await places(options)).toEqual(SESSION_FIXED);
  });

  it("the popup offers only the allowed kinds, sends to the organization's server with its defaults", async () => {
    const popup = await openPopup(browser());
    const text = await pageText(popup);
    expect(text).not.toMatch(/Demo mode is on|Demo: links open only/);
    expect(text).toContain(new URL(host().baseUrl).host);
    const tabs = await popup.$$eval('[role="tab"]', (all) => all.map((tab) => tab.textContent?.trim()));
    expect(tabs).toEqual(['Text', 'URL']);
    expect(await fieldValue(popup, '#sp-views')).toBe('2');

    const { link, urlToken } = await createPush(popup, { secret: `${name} under policy 12` });
    expect(link.startsWith(`${host().baseUrl}/p/`)).toBe(true);
    // An anonymous push (no token was entered): anyone with the link retrieves it.
    const push = await createApiClient({ baseUrl: host().baseUrl, token: null }).retrievePush(urlToken);
    expect(push).toMatchObject({
      payload: `${name} under policy 12`,
      expire_after_views: 2,
      retrieval_step: false,
      deletable_by_viewer: false,
    });
  });
});

const ERIN = { email: 'erin@example.com', token: 'erin-token-session-E1' };
const FRANK = { email: 'frank@example.com', token: 'frank-token-session-F2' };

underPolicy(
  'an organization that keeps tokens for the browser session only',
  () => ({ tokenPlace: 'session' }),
  (_name, browser) => {
    const [first, second] = [useMockHost([ERIN]), useMockHost([FRANK])];

    /** Connects a new server in the open, blank form (its token place fixed to the session), to `saved`. */
    const connectNew = (options: JourneyPage, host: MockHost, token: string, saved: string) =>
      connectServer(options, host.baseUrl, token, saved, async () => {
        expect(await places(options)).toEqual(SESSION_FIXED);
      });

    it('a server added later keeps its token in storage.session, and storage.local holds no token', async () => {
      const options = await browser().open('options.html', '#server-choice');
      await connectNew(options, first(), ERIN.token, 'Saved. Pushes now go to this server.');
      await press(options, 'Add a server');
      await connectNew(options, second(), FRANK.token, 'Saved. The default server has not changed.');
      for (const host of [first(), second()])
        await waitForRow(options, new URL(host.baseUrl).host, 'API token kept for this browser session');

      const local = await storedText(browser(), 'local');
      for (const token of [ERIN.token, FRANK.token]) expect(local).not.toContain(token);
      expect(JSON.parse(await storedText(browser())).serverTokens).toEqual({
        [first().baseUrl]: { value: ERIN.token, origin: new URL(first().baseUrl).origin },
        [second().baseUrl]: { value: FRANK.token, origin: new URL(second().baseUrl).origin },
      });
    });
  },
);

underPolicy(
  "an organization's presets and limits (issue 39)",
  // Demo mode off, so that a push goes to the organization's server (a fresh install starts in demo mode).
  () => ({
    serverUrl: host().baseUrl,
    allowDemoMode: false,
    presets: [{ name: 'Org vendor', expireAfterDuration: 7, expireAfterViews: 2 }],
    maxViews: 3,
  }),
  (name, browser) => {
    it("Settings shows the organization's preset locked, and the defaults (5 views) as beyond its most views, unchanged; the popup's row chooses the preset and the server holds its options", async () => {
      const options = await browser().open('options.html', '::-p-aria(Add preset[role="button"])');
      await waitForText(options, 'Org vendor');
      const rows = await options.$$eval('.preset', (all) => all.map((row) => (row as HTMLElement).innerText));
      expect(rows).toHaveLength(2);
      // The first: the defaults, as saved (5 views), shown as beyond the limit, not changed to fit.
      expect(rows[0]).toContain('5 views');
      expect(rows[0]).toContain('More views than your organization allows.');
      // The organization's: locked, with no Edit, Move or Remove.
      expect(rows[1]).toContain('Set by your organization');
      expect(await options.$('::-p-aria(Edit: Org vendor[role="button"])')).toBeNull();
      await options.close();

      const popup = await openPopup(browser());
      await press(popup, 'Org vendor');
      await waitForText(popup, 'Options from “Org vendor”');
      const { urlToken } = await createPush(popup, { secret: `${name} org preset` });
      const push = await createApiClient({ baseUrl: host().baseUrl, token: null }).retrievePush(urlToken);
      expect(push).toMatchObject({ payload: `${name} org preset`, expire_after_views: 2 });
    });
  },
);
