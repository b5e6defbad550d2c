/**
 * The hand-off (issue 37): the popup's last result is kept in storage.session only, for 10 minutes by the
 * injected clock, and erased at New push/Done, when its time is up (alarm or read), and when its server goes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import {
  HANDOFF_ALARM,
  HANDOFF_TTL_MS,
  handoffOf,
  handoffStore,
  keptHandoff,
  parseHandoff,
  serversOf,
  type Handoff,
} from '@/lib/handoff';
import { registerHandoff } from '@/lib/handoff/background';
import { savedServer } from '../../saved-server';
import { exclusive } from '@/lib/async';

const SERVER = 'https://pwpush.example';
const T0 = Date.UTC(2026, 10, 29, 8, 0, 0);
const PASSPHRASE = 'zq-handoff-passphrase-7d1e';
const SECRET = 'zq-handoff-generated-4b2a';

/** A create's answer as the popup gets it (an oss server repeats the passphrase in it). */
const answer = {
  push: {
    expires_at: '2026-12-06T08:00:00Z',
    expire_after_days: 7,
    expire_after_views: 1,
    views_remaining: 1,
    retrieval_step: false,
    passphrase: PASSPHRASE,
    url_token: 'tok123',
    name: 'Onboarding: Sam',
  },
};

const kept = (at = T0, server = SERVER): Handoff =>
  handoffOf(answer, {
    server,
    demo: false,
    link: `${SERVER}/p/tok123`,
    passphrase: PASSPHRASE,
    secret: SECRET,
    savedAt: at,
  });

/** Every storage area but session, and every IndexedDB database, as text. */
async function elsewhere(): Promise<string> {
  const local = await fakeBrowser.storage.local.get(null);
  const sync = await fakeBrowser.storage.sync.get(null);
  const databases = await indexedDB.databases();
  return JSON.stringify({ local, sync, databases });
}

describe('the core', () => {
  it('keeps only what the result shows: the expiry facts, not the rest of the answer', () => {
    const handoff = kept();
    expect(handoff.expiry).toEqual({
      expires_at: '2026-12-06T08:00:00Z',
      expire_after_days: 7,
      expire_after_views: 1,
      views_remaining: 1,
    });
    expect(JSON.stringify(handoff)).not.toContain('Onboarding');
    expect(JSON.stringify(handoff).split(PASSPHRASE)).toHaveLength(2); // once: its own field
    expect(handoff).toMatchObject({ viewsLeft: 1, retrievalStep: false, copied: null, warning: null });
  });

  it('gives the result back until 10 minutes have passed, and not from then on', () => {
    expect(keptHandoff(kept(), T0, [SERVER])).toEqual(kept());
    expect(keptHandoff(kept(), T0 + HANDOFF_TTL_MS - 1, [SERVER])).toEqual(kept());
    expect(keptHandoff(kept(), T0 + HANDOFF_TTL_MS, [SERVER])).toBeUndefined();
  });

  it('does not lengthen the 10 minutes for a clock set far back', () => {
    expect(keptHandoff(kept(), T0 - HANDOFF_TTL_MS - 1, [SERVER])).toBeUndefined();
  });

  it("gives nothing back for a server that is no longer saved, or demo mode's result once it is off", () => {
    expect(keptHandoff(kept(), T0, ['https://other.example'])).toBeUndefined();
    const settings = { demoMode: false, servers: [{ url: SERVER }] };
    expect(serversOf(settings)).toEqual([SERVER]);
    expect(serversOf({ ...settings, demoMode: true })).toEqual([DEMO_BASE_URL]);
  });

  it.each([
    ['nothing', null],
    ['a string', 'x'],
    ['a link missing', { ...kept(), link: undefined }],
    ['a passphrase of the wrong type', { ...kept(), passphrase: 42 }],
    ['an unknown copied part', { ...kept(), copied: 'payload' }],
    ['a bad expiry', { ...kept(), expiry: { expires_at: 5 } }],
  ])('reads %s as no result', (_name, value) => {
    expect(parseHandoff(value)).toBeUndefined();
  });
});

describe('the store', () => {
  let now = T0;
  const store = () => handoffStore({ now: () => now });
  beforeEach(() => {
    now = T0;
  });

  it('keeps the result in storage.session only, in one write and nothing else (the background sets its alarm)', async () => {
    await store().keep(kept());
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(PASSPHRASE);
    const other = await elsewhere();
    expect(other).not.toContain(PASSPHRASE);
    expect(other).not.toContain(SECRET);
    expect(await browser.alarms.getAll()).toEqual([]);
  });

  it('reads it back within 10 minutes, and erases it on the first read after', async () => {
    await store().keep(kept());
    now = T0 + HANDOFF_TTL_MS - 1;
    expect(await store().read([SERVER])).toEqual(kept());
    now = T0 + HANDOFF_TTL_MS;
    expect(await store().read([SERVER])).toBeUndefined();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await browser.alarms.get(HANDOFF_ALARM)).toBeUndefined();
  });

  it('Done pressed as the result is being kept: it stays erased, never written back by the keep', async () => {
    const popup = store();
    await Promise.all([popup.keep(kept()), popup.erase()]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('New push or Done removes it at once, without waiting for the lock another context holds', async () => {
    await store().keep(kept());
    let release!: () => void;
    const held = exclusive(
      'secret-push:session:popupHandoff',
      () => new Promise<void>((done) => (release = done)),
    );
    const erased = store().erase();
    await expect.poll(() => fakeBrowser.storage.session.get(null)).toEqual({});
    release();
    await Promise.all([held, erased]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('erases it at New push or Done', async () => {
    await store().keep(kept());
    await store().erase();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await store().read([SERVER])).toBeUndefined();
  });

  it('erases it when read for settings that no longer have its server', async () => {
    await store().keep(kept());
    expect(await store().read(['https://other.example'])).toBeUndefined();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('remembers which part was copied last, and nothing for an expired result', async () => {
    await store().keep(kept());
    await store().copied('passphrase');
    expect((await store().read([SERVER]))?.copied).toBe('passphrase');
    now = T0 + HANDOFF_TTL_MS;
    await store().copied('link');
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('replaces an earlier result with the next one', async () => {
    await store().keep(kept());
    const next = { ...kept(T0 + 1000), passphrase: null, secret: null };
    await store().keep(next);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(PASSPHRASE);
    expect(await store().read([SERVER])).toEqual(next);
  });
});

describe('the background', () => {
  beforeEach(async () => {
    await fakeBrowser.storage.local.set(savedServer(SERVER, 'token-1'));
    registerHandoff();
  });

  it('sets the erase alarm for 10 minutes after the create as it hears a result kept, and clears it when the result is erased', async () => {
    const savedAt = Date.now();
    await handoffStore().keep(kept(savedAt));
    await expect
      .poll(async () => (await browser.alarms.get(HANDOFF_ALARM))?.scheduledTime)
      .toBe(savedAt + HANDOFF_TTL_MS);
    await handoffStore().erase();
    await expect.poll(() => browser.alarms.get(HANDOFF_ALARM)).toBeUndefined();
  });

  it('erases the result when its alarm rings, the popup never opened again', async () => {
    await handoffStore().keep(kept(Date.now() - HANDOFF_TTL_MS - 1));
    await fakeBrowser.alarms.onAlarm.trigger({
      name: HANDOFF_ALARM,
      scheduledTime: Date.now(),
      persistAcrossSessions: false,
    });
    await expect.poll(() => fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('keeps a live result when another alarm rings', async () => {
    await handoffStore().keep(kept(Date.now()));
    await fakeBrowser.alarms.onAlarm.trigger({
      name: 'watch',
      scheduledTime: Date.now(),
      persistAcrossSessions: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(PASSPHRASE);
  });

  it('erases the result as soon as its server is removed from the settings', async () => {
    await handoffStore().keep(kept(Date.now()));
    // Another server saved: the result's is still there, so it stays.
    await fakeBrowser.storage.local.set(savedServer(SERVER, 'token-2'));
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(PASSPHRASE);
    await fakeBrowser.storage.local.set(savedServer('https://other.example', 'token-3'));
    await expect.poll(() => fakeBrowser.storage.session.get(null)).toEqual({});
  });
});

describe('who can read it', () => {
  const root = path.resolve(import.meta.dirname, '..', '..', '..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(rel);
      return /\.tsx?$/.test(entry.name) ? [rel] : [];
    });

  it("leaves storage.session at Chrome's default access level (trusted contexts), with no content script to ask", () => {
    const files = ['lib', 'entrypoints', 'components'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('setAccessLevel')),
    ).toEqual([]);
    // WXT makes a content script of an entrypoint named content or *.content: there is none.
    const entrypoints = fs.readdirSync(path.join(root, 'entrypoints'));
    expect(entrypoints).toContain('popup');
    expect(entrypoints.filter((name) => /(^|\.)content(\.|$)/.test(name))).toEqual([]);
  });
});
