/**
 * The seams of issue 18's settings model where a token could leak to a server it was not saved for, driven
 * on the options page as a person would, in both browsers. Three Node mock hosts on loopback (three ports,
 * three origins: A, B, C), each behind a recorder (recorded-host.ts) that tells, on the server's own side,
 * whether a request carried an Authorization header. Storage is read from the background afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { startRecordedHost, type RecordedHost } from './recorded-host';
import { connectServer, editServer, fieldValue, waitForDemo } from './page-steps';
import { pickFile, tab, withFile } from './secrets/form';
import { openPopup, press, waitForAlert, waitForRow, waitForText } from './steps';

const ALICE = { email: 'alice@example.com', token: 'alice-token-seams-A1' };
const BOB = { email: 'bob@example.com', token: 'bob-token-seams-B2' };
const CAROL = { email: 'carol@example.com', token: 'carol-token-seams-C3' };

const DEFAULT_SAVED = 'Saved. Pushes now go to this server.';
const OTHER_SAVED = 'Saved. The default server has not changed.';

/** Replaces what a field holds by typing, as a person does: select all, then type over it. */
async function retype(options: JourneyPage, selector: string, text: string): Promise<void> {
  await options.focus(selector);
  await options.keyboard.down('Control');
  await options.keyboard.press('KeyA');
  await options.keyboard.up('Control');
  await options.type(selector, text);
}

interface BoundToken {
  value: string;
  origin: string;
}

/** Every saved token, in both storage areas, with the server it is saved under. */
async function savedTokens(browser: ExtensionBrowser) {
  const areas = await browser.background(
    async (g) => ({
      local: ((await g.browser.storage.local.get('serverTokens')).serverTokens ?? {}) as object,
      session: ((await g.browser.storage.session.get('serverTokens')).serverTokens ?? {}) as object,
    }),
    null,
  );
  return Object.entries(areas).flatMap(([area, tokens]) =>
    Object.entries(tokens as Record<string, BoundToken>).map(([url, bound]) => ({ area, url, ...bound })),
  );
}

/** The requests `host` received with an Authorization header. */
const authorized = (host: RecordedHost) => host.received.filter((r) => r.authorization !== undefined);
/** Whether `host` received `token` in an Authorization header. */
const sentTo = (host: RecordedHost, token: string) =>
  authorized(host).some((r) => r.authorization?.includes(token));

forEachBrowser('settings seams: a token never reaches another server', (_name, browser) => {
  let a: RecordedHost;
  let b: RecordedHost;
  let c: RecordedHost;
  let options: JourneyPage;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([
      startRecordedHost({ users: [ALICE] }),
      startRecordedHost({ users: [BOB] }),
      startRecordedHost({ users: [CAROL] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), c?.close()]);
  });

  /** Test connection on the form (on C's address): waits for its outcome, `answer`; C got no token. */
  async function testOnC(answer: string): Promise<void> {
    await press(options, 'Test connection');
    // Its success line or an alert first: the recorder's check runs once the test is over, whatever it says.
    await options.waitForFunction(
      () =>
        document.body.innerText.includes('The connection works.') ||
        !!document.querySelector('[role="alert"]'),
      { timeout: 15_000 },
    );
    expect(authorized(c)).toEqual([]);
    await waitForText(options, answer);
  }

  it("Edit A, type C's address, Test connection, Connect: C never gets an Authorization header, nor A's token saved for it", async () => {
    options = await browser().open('options.html', '#server-choice');
    await connectServer(options, a.baseUrl, ALICE.token, DEFAULT_SAVED);
    await press(options, 'Add a server');
    await connectServer(options, b.baseUrl, BOB.token, OTHER_SAVED);
    await press(options, 'Make default');
    await waitForRow(options, b.name, 'Default');
    // The recorders do see tokens: A got its own with Connect (else the checks on C below prove nothing).
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(sentTo(b, BOB.token)).toBe(true);

    await editServer(options, a.baseUrl);
    expect(await fieldValue(options, '#server-url')).toBe(a.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(ALICE.token);
    await retype(options, '#server-url', c.baseUrl);
    // The address moved to another origin: A's token left the field.
    expect(await fieldValue(options, '#api-token')).toBe('');

    await testOnC('The connection works.');
    expect(c.received.length).toBeGreaterThan(0);

    await press(options, 'Connect');
    // Adding a server never changes the default (issue 18): C is saved beside the others, B stays it.
    await waitForRow(options, c.name, OTHER_SAVED);
    expect(authorized(c)).toEqual([]);
    expect(
      await browser().background(
        async (g) =>
          ((await g.browser.storage.local.get('server')).server as { defaultUrl?: string }).defaultUrl,
        null,
      ),
    ).toBe(b.baseUrl);
    const tokens = await savedTokens(browser());
    const cOrigin = new URL(c.baseUrl).origin;
    expect(tokens.filter((t) => t.origin === cOrigin || t.url.startsWith(c.baseUrl))).toEqual([]);
    // A's token is saved once, for A alone.
    expect(tokens.filter((t) => t.value === ALICE.token).map((t) => t.origin)).toEqual([
      new URL(a.baseUrl).origin,
    ]);
  });

  it(`Edit B, demo mode on and off, type C's address in B's form, Test connection: C gets no token`, async () => {
    c.received.splice(0);
    await options.bringToFront();
    await editServer(options, b.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(BOB.token);

    const demo = '::-p-aria(Demo mode[role="switch"])';
    await options.click(demo);
    await waitForDemo(options, true);
    await options.click(demo);
    await waitForDemo(options, false);

    // The form is still B's (demo mode on and off reset it from what B has saved).
    await options.waitForSelector('#server-url');
    expect(await fieldValue(options, '#server-url')).toBe(b.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(BOB.token);
    await retype(options, '#server-url', c.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe('');
    await testOnC('The connection works.');
    expect(c.received.length).toBeGreaterThan(0);
  });

  it("a token typed for C that is another saved server's is refused, and not sent to C", async () => {
    c.received.splice(0);
    // The form is on C's address from the test before; the person pastes B's token into it.
    expect(await fieldValue(options, '#server-url')).toBe(c.baseUrl);
    await options.type('#api-token', BOB.token);
    await testOnC('The saved API token belongs to another server, so it was not sent.');
  });

  it('a saved server that redirects to another origin carries its token there with neither a push nor a file push', async () => {
    await options.bringToFront();
    await press(options, 'Cancel');
    await options.click(`.server-list > li[aria-label="${a.name}"] ::-p-aria(Make default[role="button"])`);
    await waitForRow(options, a.name, 'Default');
    a.redirectTo = c.baseUrl;
    a.received.splice(0);
    c.received.splice(0);

    const popup = await openPopup(browser());
    // Several servers saved: the header's "to" is a switch, on the default server.
    const chosen = await popup.$eval(
      'select[aria-label="Server for this push"]',
      (s) => (s as HTMLSelectElement).value,
    );
    expect(chosen).toBe(a.baseUrl);
    await popup.type('#sp-secret', 'sent to A, redirected to C');
    await press(popup, 'Create push');
    await waitForAlert(popup, ''); // whatever it says
    // The create went to A with A's token; the redirect to C was not followed with it.
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(authorized(c)).toEqual([]);

    a.received.splice(0);
    const files = await openPopup(browser());
    await tab(files, 'Files');
    await withFile('keys.txt', 'a file for A only', async (file) => {
      await pickFile(files, file);
      await press(files, 'Create push');
      await waitForAlert(files, '');
    });
    // The upload went to A with A's token (XHR would follow a redirect: the transport must not let it).
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(authorized(c)).toEqual([]);
  });
});
