/**
 * A self-hosted server (the mock host on loopback): the options page connects to it (Connect saves it and
 * folds the form into the server's row), and Test connection on the row's Edit names its edition and says
 * the token was accepted; then text, URL, QR and file pushes from the popup, each checked on the server
 * through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser } from './browsers';
import {
  ALICE,
  createdLink,
  openPopup,
  ownerClient,
  pageText,
  press,
  recipientPage,
  useServer,
  waitForText,
} from './steps';
import { startThrottle, type Throttle } from './throttle';

let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
afterAll(() => host?.close());

forEachBrowser('a self-hosted server', (name, browser) => {
  it('is saved by Connect on the options page, and Test connection shows its edition', async () => {
    const options = await browser().open('options.html', '#server-choice');
    await options.select('#server-choice', 'self-hosted');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', host.baseUrl);
    await options.type('#api-token', ALICE.token);
    // Every text the page shows from here on, recorded in the page: what Connect says, even for a moment.
    await options.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await press(options, 'Connect');
    await waitForText(options, 'Saved. Pushes now go to this server.');
    const seen = await options.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // The form folded into the saved server's row (issue 18); Edit opens it again on what was saved.
    const name = new URL(host.baseUrl).host;
    expect(await options.$eval('.server-list > li', (row) => row.getAttribute('aria-label'))).toBe(name);
    await press(options, `Edit ${name}`);
    await options.waitForSelector('#server-url');
    expect(await options.$eval('#server-url', (input) => (input as HTMLInputElement).value)).toBe(
      host.baseUrl,
    );
    expect(await options.$eval('#api-token', (input) => (input as HTMLInputElement).value)).toBe(ALICE.token);

    await press(options, 'Test connection');
    await waitForText(options, 'The connection works.');
    const text = await pageText(options);
    expect(text).toMatch(/Edition: Pro edition, version \S+ \(API \S+\)/);
    expect(text).toContain('Token accepted');

    // The first server saved is the default: at no moment did Connect say the default did not change
    // (checked last so that the checks above run while it does: reported as a production bug).
    expect(seen.filter((shown) => shown.includes('The default server has not changed'))).toEqual([]);
  });

  it('takes a text push with a passphrase and views, which arrive on the server', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    await popup.type('#sp-secret', `${name} to a real server 7`);
    await popup.type('#sp-passphrase', 'correct horse');
    await popup.$eval('#sp-views', (input) => ((input as HTMLInputElement).value = ''));
    await popup.type('#sp-views', '3');
    await press(popup, 'Create push');

    const { link, urlToken } = await createdLink(popup);
    expect(link.startsWith(`${host.baseUrl}/p/`)).toBe(true);
    const push = await ownerClient(host.baseUrl).retrievePush(urlToken, { passphrase: 'correct horse' });
    expect(push.payload).toBe(`${name} to a real server 7`);
    expect(push.expire_after_views).toBe(3);
    await expect(ownerClient(host.baseUrl).retrievePush(urlToken)).rejects.toThrow();
  });

  it('takes a URL push with views, which the recipient gets as a link', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    await popup.click('::-p-aria(URL[role="tab"])');
    await popup.type('#sp-url', 'https://intranet.example/reset?t=91');
    await popup.$eval('#sp-views', (input) => ((input as HTMLInputElement).value = ''));
    await popup.type('#sp-views', '2');
    await press(popup, 'Create push');

    const { urlToken } = await createdLink(popup);
    const push = await ownerClient(host.baseUrl).retrievePush(urlToken);
    expect(push.payload).toBe('https://intranet.example/reset?t=91');
    expect(push.expire_after_views).toBe(2);
    expect(await recipientPage(host.baseUrl, urlToken)).toContain(
      '<a href="https://intranet.example/reset?t=91" rel="noopener noreferrer">',
    );
  });

  it('takes QR pushes of text and from the Wi-Fi builder, which the recipient gets as QR codes', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    await popup.click('::-p-aria(QR code[role="tab"])');
    await popup.type('#sp-secret', 'locker code 4411');
    await press(popup, 'Create push');

    const { urlToken } = await createdLink(popup);
    expect((await ownerClient(host.baseUrl).retrievePush(urlToken)).payload).toBe('locker code 4411');
    expect(await recipientPage(host.baseUrl, urlToken)).toContain('role="img" aria-label="QR code"');

    // The Wi-Fi builder: its fields become one escaped WIFI: payload.
    await press(popup, 'New push');
    await popup.click('::-p-aria(QR code[role="tab"])');
    await popup.click('::-p-aria(Wi-Fi network[role="radio"])');
    await popup.fill('::-p-aria(Network name[role="textbox"])', 'Guest;Net');
    await popup.fill('::-p-aria(Wi-Fi password[role="textbox"])', 'hunter2');
    await press(popup, 'Create push');
    const wifi = await createdLink(popup);
    expect(wifi.urlToken).not.toBe(urlToken);
    expect((await ownerClient(host.baseUrl).retrievePush(wifi.urlToken)).payload).toBe(
      'WIFI:T:WPA;S:Guest\\;Net;P:hunter2;;',
    );
    expect(await recipientPage(host.baseUrl, wifi.urlToken)).toContain('role="img" aria-label="QR code"');
  });

  it('takes a file push, shows its progress, and the bytes arrive intact', async () => {
    // 20 MB through a proxy reading 10 MB/s: the upload lasts about 2 s, long enough to be seen going
    // (loopback socket buffers take the first few megabytes at once).
    const throttle: Throttle = await startThrottle(host.baseUrl, 10_000_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-file-'));
    const bytes = Buffer.from(Array.from({ length: 20_000_000 }, (_, i) => (i * 31) % 251));
    fs.writeFileSync(path.join(dir, 'keys.bin'), bytes);
    try {
      await useServer(browser(), throttle.url, ALICE.token);
      const popup = await openPopup(browser());
      await popup.click('::-p-aria(Files[role="tab"])');
      await popup.upload('#sp-files', path.join(dir, 'keys.bin'));
      await popup.waitForSelector('::-p-aria(Attached files[role="list"])');
      expect(await pageText(popup)).toContain('keys.bin');
      // Every value the progress bar shows, sampled in the page (Preact sets it as a property, which no
      // MutationObserver sees).
      await popup.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { seen: number[] }).seen = seen;
        setInterval(() => {
          const bar = document.querySelector('progress');
          if (bar && bar.value !== seen.at(-1)) seen.push(bar.value);
        }, 10);
      });
      await press(popup, 'Create push');

      const { urlToken } = await createdLink(popup);
      const seen = await popup.evaluate(() => (window as unknown as { seen: number[] }).seen);
      expect(seen.some((value) => value > 0 && value < 1)).toBe(true);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const push = await ownerClient(host.baseUrl).retrievePush(urlToken);
      expect(push.files.map((file) => file.filename)).toEqual(['keys.bin']);
      const download = await fetch(push.files[0]!.url.replace(throttle.url, host.baseUrl));
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await throttle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
