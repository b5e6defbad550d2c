/**
 * Firefox with a self-hosted server (`npm run server`'s host, on loopback): the options page saves it
 * (asking for its origin's optional permission), Test connection names the edition, and a text push from
 * the popup arrives on the server, checked there through the API.
 */
// startMockHost's store (idb) needs the IDB globals in this Node process, as in test/e2e/popup-support.ts.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { launchFirefox, pageText, type Firefox } from './browser';

const ALICE = { email: 'alice@example.com', token: 'alice-token-firefox-01' };
let firefox: Firefox;
let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  firefox = await launchFirefox();
});
afterAll(async () => {
  await firefox?.close();
  await host?.close();
});

/** Waits until the page's text contains `text`. */
const waitForText = (page: Awaited<ReturnType<Firefox['open']>>, text: string) =>
  page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 15_000 }, text);

describe('Firefox: a self-hosted server', () => {
  it('is saved on the options page, and Test connection shows its edition', async () => {
    const options = await firefox.open('options.html', '#server-choice');
    await options.select('#server-choice', 'self-hosted');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', host.baseUrl);
    await options.type('#api-token', ALICE.token);
    await options.locator('::-p-aria(Save[role="button"])').click();
    await waitForText(options, 'Saved. Pushes now go to this server.');
    expect(await pageText(options)).toContain('Token accepted');

    await options.locator('::-p-aria(Test connection[role="button"])').click();
    await waitForText(options, 'The connection works.');
    expect(await pageText(options)).toMatch(/Edition: Pro edition, version \S+ \(API \S+\)/);
  });

  it('takes a text push from the popup, which arrives on the server', async () => {
    const popup = await firefox.open('popup.html', '#sp-secret');
    expect(await pageText(popup)).not.toContain('Demo mode is on');
    await popup.type('#sp-secret', 'firefox to a real server 7');
    await popup.locator('::-p-aria(Create push[role="button"])').click();
    await popup.waitForSelector('::-p-aria(Secret link)');
    const link = await popup.$eval('#sp-link', (input) => (input as HTMLInputElement).value);
    expect(link.startsWith(`${host.baseUrl}/p/`)).toBe(true);

    const owner = createApiClient({ baseUrl: host.baseUrl, token: ALICE.token });
    const [push] = await owner.activeAll();
    expect(link).toBe(push!.html_url);
    expect((await owner.retrievePush(push!.url_token)).payload).toBe('firefox to a real server 7');
  });
});
