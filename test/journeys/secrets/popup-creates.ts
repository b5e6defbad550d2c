/**
 * Every kind of push from the popup, each with its own distinctive secrets tagged with `tag`: text and file
 * with passphrases, QR text, a URL, a Wi-Fi QR, and a create the server refuses with a 422.
 */
import { expect } from 'vitest';
import type { JourneyPage } from '../browsers';
import { press, waitForText } from '../steps';
import { createAndNext, fill, openMoreOptions, pickFile, tab, valueOf, withFile, type Made } from './form';

/** Every kind from the popup, then a refused create; returns the secrets used and the pushes made. */
export async function popupCreates(popup: JourneyPage, tag: string): Promise<Made> {
  const text = { payload: `zq-${tag}-text-payload-8d1c`, passphrase: `zq-${tag}-passphrase-55e2` };
  const file = { body: `zq-${tag}-file-body-0b7f`, passphrase: `zq-${tag}-file-passphrase-a91e` };
  const qr = `zq-${tag}-qr-payload-6c3d`;
  const url = `https://zq-${tag}-url-payload-3e7a.example/reset?t=1`;
  const wifi = { ssid: `zq-${tag}-wifi-ssid-71aa`, password: `zq-${tag}-wifi-password-e04b` };
  const refused = { payload: `zq-${tag}-422-payload-2c19`, passphrase: `zq-${tag}-422-passphrase-f3d0` };

  // A text push and a file push, each with a passphrase.
  await fill(popup, 'Secret', text.payload);
  await fill(popup, 'Passphrase', text.passphrase);
  const urlTokens = [await createAndNext(popup)];
  await tab(popup, 'Files');
  urlTokens.push(
    await withFile('secret.txt', file.body, async (path) => {
      await pickFile(popup, path);
      await fill(popup, 'Passphrase', file.passphrase);
      return createAndNext(popup);
    }),
  );

  // A QR code of text, a URL, and a QR code of a Wi-Fi network.
  await tab(popup, 'QR code');
  await fill(popup, 'Secret', qr);
  urlTokens.push(await createAndNext(popup));
  await tab(popup, 'URL');
  await fill(popup, 'URL', url);
  urlTokens.push(await createAndNext(popup));
  await tab(popup, 'QR code');
  await popup.click('::-p-aria(Wi-Fi network[role="radio"])');
  await fill(popup, 'Network name', wifi.ssid);
  await fill(popup, 'Wi-Fi password', wifi.password);
  urlTokens.push(await createAndNext(popup));

  // Refused by the server (a one-letter top-level domain): the values stay in the form only, till Esc.
  await tab(popup, 'Text');
  await fill(popup, 'Secret', refused.payload);
  await fill(popup, 'Passphrase', refused.passphrase);
  await openMoreOptions(popup);
  await fill(popup, 'Notify e-mails', 'bob@example.c');
  await press(popup, 'Create push');
  await popup.waitForSelector('#sp-notify[aria-invalid="true"]');
  expect(await valueOf(popup, 'Secret')).toBe(refused.payload);
  await popup.focus('#sp-secret');
  // A filled form asks before it is cleared (issue 20): Esc twice.
  await popup.keyboard.press('Escape');
  await waitForText(popup, 'Press Esc again to clear the form.');
  await popup.keyboard.press('Escape');
  await popup.waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('#sp-secret')?.value);

  const secrets = [text, file, qr, url, wifi, refused].flatMap((s) =>
    typeof s === 'string' ? s : Object.values(s),
  );
  return { secrets, urlTokens };
}
