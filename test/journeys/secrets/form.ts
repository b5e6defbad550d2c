/**
 * The popup's form as a person uses it: fields found by their label, tabs and buttons by their accessible
 * name, a file picked from disk, and the link a create shows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JourneyPage } from '../browsers';
import { createdLink, press } from '../steps';

/** What a part of the journey made: the secrets it used and the url_tokens of the pushes it created. */
export interface Made {
  secrets: string[];
  urlTokens: string[];
}

/** Adds what `part` made to `made`. */
export function addTo(made: Made, part: Made): void {
  made.secrets.push(...part.secrets);
  made.urlTokens.push(...part.urlTokens);
}

/** Replaces the value of the text field with this accessible name (`Secret`, `Passphrase`, …). */
export async function fill(page: JourneyPage, label: string, value: string): Promise<void> {
  await page.fill(`::-p-aria(${label}[role="textbox"])`, value);
}

/** The current value of the text field with this accessible name. */
export function valueOf(page: JourneyPage, label: string): Promise<string> {
  return page.$eval(`::-p-aria(${label}[role="textbox"])`, (field) => (field as HTMLInputElement).value);
}

/** Selects a tab of the kind of push (`Text`, `Files`, `QR code`, `URL`). */
export async function tab(page: JourneyPage, name: string): Promise<void> {
  await page.click(`::-p-aria(${name}[role="tab"])`);
}

/**
 * Writes a file with this content, runs `use` with its path, and removes it: the browser reads a picked file
 * from disk only when it is sent, so it stays until `use` is done.
 */
export async function withFile<T>(
  name: string,
  content: string | Buffer,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-file-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  try {
    return await use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Picks this file in the file input, as the file dialog would, and waits until it is listed. */
export async function pickFile(page: JourneyPage, file: string): Promise<void> {
  await page.upload('input[type=file]', file);
  await page.waitForSelector(`::-p-aria(Remove ${path.basename(file)}[role="button"])`);
}

/** Opens "More options" when it is closed. */
export async function openMoreOptions(page: JourneyPage): Promise<void> {
  const open = await page.$$eval('details', (all) =>
    all.some(
      (el) =>
        el.querySelector('summary')?.textContent?.includes('More options') && (el as HTMLDetailsElement).open,
    ),
  );
  if (!open) await page.click('summary::-p-text(More options)');
}

/**
 * Fills the open popup's form as a person would (the secret; a passphrase, views, a name when given) and
 * creates the push; returns the link it shows. The popup stays open.
 */
export async function createPush(
  popup: JourneyPage,
  fields: { secret: string; passphrase?: string; views?: number; name?: string },
): Promise<{ link: string; urlToken: string }> {
  await fill(popup, 'Secret', fields.secret);
  if (fields.passphrase) await fill(popup, 'Passphrase', fields.passphrase);
  if (fields.views !== undefined) await retype(popup, '#sp-views', String(fields.views));
  if (fields.name) {
    await openMoreOptions(popup);
    await fill(popup, 'Name', fields.name);
  }
  await press(popup, 'Create push');
  return createdLink(popup);
}

/** Presses Create push, returns the created push's url_token, and goes back to a new form. */
export async function createAndNext(page: JourneyPage): Promise<string> {
  await press(page, 'Create push');
  const { urlToken } = await createdLink(page);
  await press(page, 'New push');
  return urlToken;
}

/** Replaces what a field holds by typing, as a person does: a triple click selects it all. */
export async function retype(page: JourneyPage, selector: string, text: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.type(selector, text);
}
