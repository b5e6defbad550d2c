/**
 * The secret generator (issue 20): the wand in the Secret field fills in a strong secret, Enter creates the
 * push, and the server holds exactly that value; the panel's choices (words, count, separator) are saved as
 * the next defaults, the value never is; the Wi-Fi password has the same wand.
 */
import { expect, it } from 'vitest';
import { escapeWifiValue } from '@/lib/push/wifi';
import { forEachBrowser, type JourneyPage } from './browsers';
import { dumpStorage } from './secrets/dump';
import { ALICE, createdLink, openPopup, ownerClient, press, useMockHost, useServer } from './steps';

const host = useMockHost();

/** What the Secret field holds once it is no longer empty. */
async function filledSecret(popup: JourneyPage, selector = '#sp-secret', before = ''): Promise<string> {
  await popup.waitForFunction(
    ({ selector, before }) => {
      const value = (document.querySelector(selector) as HTMLInputElement | null)?.value ?? '';
      return value !== '' && value !== before;
    },
    {},
    { selector, before },
  );
  return popup.$eval(selector, (field) => (field as HTMLInputElement).value);
}

/** Selects what the field `selector` holds and types `value` over it, as a person would. */
async function retype(popup: JourneyPage, selector: string, value: string): Promise<void> {
  await popup.click(selector, { count: 3 });
  await popup.type(selector, value);
}

forEachBrowser('the secret generator', (name, browser) => {
  it('fills the Secret field with one click; Enter creates the push, which holds that value', async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    await press(popup, 'Generate a secret');
    const secret = await filledSecret(popup);
    // The defaults: 20 characters of all four classes, without look-alikes.
    expect(secret).toMatch(/^[A-HJ-NP-Za-km-z2-9!#$%&*+\-=?@^_~]{20}$/);
    // The wand hands the focus back to the field, so Enter creates the push.
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('sp-secret');
    await popup.keyboard.press('Enter');

    const { urlToken } = await createdLink(popup);
    expect((await ownerClient(host().baseUrl).retrievePush(urlToken)).payload).toBe(secret);
    expect((await dumpStorage(browser())).text).not.toContain(secret);
  });

  it('makes words as the panel says, shows their strength, and keeps the choice (not the value)', async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    await press(popup, 'Generator options');
    await popup.click('::-p-aria(Words[role="radio"])');
    // Choosing words makes a new value at once: five words by default.
    await popup.waitForFunction(() =>
      /^[a-z-]+\d?(-[a-z-]+\d?){4}$/.test(
        (document.querySelector('#sp-secret') as HTMLTextAreaElement).value,
      ),
    );
    await retype(popup, '#sp-gen-words', '4');
    await popup.select('#sp-gen-separator', ' ');
    // 4 × log2(7776) + a digit (log2 10) on one of 4 words (2): 57.0 bits.
    await popup.waitForFunction(() => document.body.innerText.includes('Strength: 57 bits'));
    const value = await filledSecret(popup);
    expect(value).toMatch(/^([a-z-]+\d?)( [a-z-]+\d?){3}$/);
    expect(value.match(/\d/g)).toHaveLength(1);
    await press(popup, 'Create push');

    const { urlToken } = await createdLink(popup);
    expect((await ownerClient(host().baseUrl).retrievePush(urlToken)).payload).toBe(value);
    const stored = (await dumpStorage(browser())).text;
    expect(stored).toContain('"generatorChoice"');
    expect(stored).not.toContain(value);

    // The next popup's wand makes four words again, without the panel.
    const next = await openPopup(browser());
    await press(next, 'Generate a secret');
    expect((await filledSecret(next)).split(' ')).toHaveLength(4);
  });

  it('fills the Wi-Fi password of a QR push with its own wand', async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    await popup.click('::-p-aria(QR code[role="tab"])');
    await popup.click('::-p-aria(Wi-Fi network[role="radio"])');
    await popup.waitForSelector('#sp-wifi-password');
    await popup.type('#sp-wifi-ssid', `${name} guests`);
    await press(popup, 'Generate a secret');
    const password = await filledSecret(popup, '#sp-wifi-password');
    expect(password.length).toBeGreaterThanOrEqual(8);
    await press(popup, 'Create push');

    const { urlToken } = await createdLink(popup);
    const payload = (await ownerClient(host().baseUrl).retrievePush(urlToken)).payload;
    expect(payload).toBe(`WIFI:T:WPA;S:${name} guests;P:${escapeWifiValue(password)};;`);
  });
});
