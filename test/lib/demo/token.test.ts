import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '@/lib/api';
import { demoToken, ensureDemoToken, newDemoToken, setLocalDemoTokenSource } from '@/lib/demo/token';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin, setLocalDemoRoute } from '@/lib/demo/transport';
import { sendMessage } from '@/lib/messages/runtime';
import { demoMessages } from '@/lib/demo/messages';
import { registerDemoService } from '@/lib/demo/background';
import { chromeLikeMessaging, pageSender } from './messaging';

/** The demo token as storage holds it (lib/settings stores it under 'demoToken'). */
const storedToken = async (): Promise<string | null> =>
  ((await fakeBrowser.storage.local.get('demoToken')).demoToken as string | undefined) ?? null;

let sender: { id?: string; url?: string } = pageSender('/options.html');

/** The background, with this test playing the pages in the same module graph (see host.test.ts). */
function startBackground() {
  registerDemoService();
  setLocalDemoRoute(undefined);
  setLocalDemoTokenSource(undefined);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // The demo host in this background page (Firefox's way): fakeBrowser's offscreen API is a stub.
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
  sender = pageSender('/options.html');
  chromeLikeMessaging(() => sender);
});
afterEach(() => {
  setLocalDemoRoute(undefined);
  setLocalDemoTokenSource(undefined);
});

describe('demo token', () => {
  it('is 32 random bytes in base64url', () => {
    const token = newDemoToken((n) => new Uint8Array(n).fill(0xfb));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).toBe(Buffer.from(new Uint8Array(32).fill(0xfb)).toString('base64url'));
  });

  it('is created once and stored, even when asked for twice at once', async () => {
    const [a, b] = await Promise.all([ensureDemoToken(), ensureDemoToken()]);
    expect(a).toBe(b);
    expect(await storedToken()).toBe(a);
    expect(await ensureDemoToken()).toBe(a);
  });

  it('keeps a token that already exists', async () => {
    await fakeBrowser.storage.local.set({ demoToken: 'existing-token' });
    expect(await ensureDemoToken()).toBe('existing-token');
  });

  it('differs between installs', async () => {
    const first = await ensureDemoToken();
    await fakeBrowser.storage.local.clear();
    expect(await ensureDemoToken()).not.toBe(first);
  });

  it('exists right after a fresh install, set up by the background', async () => {
    registerDemoService();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await expect.poll(storedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('demo token from a page', () => {
  it('is created by the background: one token for a page and onInstalled at once, and the service accepts it', async () => {
    startBackground();
    const writes: Array<string | null> = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      const change = changes.demoToken as { newValue?: string } | undefined;
      if (area === 'local' && change) writes.push(change.newValue ?? null);
    });

    // The first page request and onInstalled race, as on a fresh install with the options page open.
    const [, fromPage, fromAnotherPage] = await Promise.all([
      fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' }),
      demoToken(),
      demoToken(),
    ]);
    await expect.poll(storedToken).toBe(fromPage);
    expect(fromAnotherPage).toBe(fromPage);
    expect(writes).toEqual([fromPage]);

    const owner = createApiClient({
      baseUrl: DEMO_BASE_URL,
      fetch: demoFetch,
      pageOrigin: demoPageOrigin(),
      token: fromPage,
    });
    const { push } = await owner.createPush({ payload: 'first push' });
    expect((await owner.activeAll()).map((p) => p.url_token)).toEqual([push.url_token]);
  });

  it('is read from storage without asking the background once it exists', async () => {
    await fakeBrowser.storage.local.set({ demoToken: 'stored-token' });
    expect(await demoToken()).toBe('stored-token');
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('goes straight to the background’s own source in the background', async () => {
    setLocalDemoTokenSource(() => ensureDemoToken());
    const token = await demoToken();
    expect(await storedToken()).toBe(token);
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('is refused to a web page (a content script sender)', async () => {
    startBackground();
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    await expect(sendMessage(demoMessages.token, undefined)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await storedToken()).toBeNull();
  });
});
