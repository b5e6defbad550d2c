/**
 * Every kind of push from the popup, each with its own distinctive secrets tagged with `tag` (a table of
 * them): text and file with passphrases, QR text, a URL, a Wi-Fi QR, and a create the server refuses (422).
 */
import { expect } from 'vitest';
import type { JourneyPage } from '../browsers';
import { press, waitForText } from '../steps';
import {
  addTo,
  createAndNext,
  fill,
  openMoreOptions,
  pickFile,
  tab,
  valueOf,
  withFile,
  type Made,
} from './form';

/** A kind of push: its tab, the radio chosen there, the file picked (its content), each field's value. */
interface Kind {
  tab: string;
  radio?: string;
  file?: string;
  fields: Record<string, string>;
}

/** Text and file with passphrases, QR text, a URL and a Wi-Fi QR, each with its own secrets. */
const kinds = (tag: string): Kind[] => [
  { tab: 'Text', fields: { Secret: `zq-${tag}-text-payload-8d1c`, Passphrase: `zq-${tag}-passphrase-55e2` } },
  {
    tab: 'Files',
    file: `zq-${tag}-file-body-0b7f`,
    fields: { Passphrase: `zq-${tag}-file-passphrase-a91e` },
  },
  { tab: 'QR code', fields: { Secret: `zq-${tag}-qr-payload-6c3d` } },
  { tab: 'URL', fields: { URL: `https://zq-${tag}-url-payload-3e7a.example/reset?t=1` } },
  {
    tab: 'QR code',
    radio: 'Wi-Fi network',
    fields: { 'Network name': `zq-${tag}-wifi-ssid-71aa`, 'Wi-Fi password': `zq-${tag}-wifi-password-e04b` },
  },
];

/** Makes a push of this kind as a person would; returns its url_token. */
async function create(popup: JourneyPage, kind: Kind): Promise<string> {
  await tab(popup, kind.tab);
  if (kind.radio) await popup.click(`::-p-aria(${kind.radio}[role="radio"])`);
  const filled = async () => {
    for (const [label, value] of Object.entries(kind.fields)) await fill(popup, label, value);
    return createAndNext(popup);
  };
  if (kind.file === undefined) return filled();
  return withFile('secret.txt', kind.file, async (path) => {
    await pickFile(popup, path);
    return filled();
  });
}

/**
 * Refused by the server (a top-level domain of one letter): the values stay in the form only, then Esc
 * clears it.
 */
async function refused(popup: JourneyPage, tag: string): Promise<Made> {
  const refused = { payload: `zq-${tag}-422-payload-2c19`, passphrase: `zq-${tag}-422-passphrase-f3d0` };
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
  return { secrets: [refused.payload, refused.passphrase], urlTokens: [] };
}

/** Every kind from the popup, then a refused create; returns the secrets used and the pushes made. */
export async function popupCreates(popup: JourneyPage, tag: string): Promise<Made> {
  const made: Made = { secrets: [], urlTokens: [] };
  for (const kind of kinds(tag))
    addTo(made, {
      secrets: [...Object.values(kind.fields), kind.file ?? []].flat(),
      urlTokens: [await create(popup, kind)],
    });
  return addTo(made, await refused(popup, tag));
}
