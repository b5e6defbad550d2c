import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '@/lib/api';
import { demoToken, ensureDemoToken, newDemoToken, setLocalDemoTokenSource } from '@/lib/demo/token';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin, setLocalDemoRoute } from '@/lib/demo/transport';
import { demoTokenItem } from '@/lib/store/items';
import { sendMessage } from '@/lib/messages/runtime';
import { demoMessages } from '@/lib/demo/messages';
import { registerDemoService } from '@/lib/demo/background';
import { chromeLikeMessaging, pageSender } from './messaging';

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
    expect(await demoTokenItem.getValue()).toBe(a);
    expect(await ensureDemoToken()).toBe(a);
  });

  it('keeps a token that already exists', async () => {
    await demoTokenItem.setValue('existing-token');
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
    await expect.poll(() => demoTokenItem.getValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('demo token from a page', () => {
  it('is created by the background: one token for a page and onInstalled at once, and the service accepts it', async () => {
    startBackground();
    const writes: Array<string | null> = [];
    demoTokenItem.watch((value) => writes.push(value));

    // The first page request and onInstalled race, as on a fresh install with the options page open.
    const [, fromPage, fromAnotherPage] = await Promise.all([
      fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' }),
      demoToken(),
      demoToken(),
    ]);
    await expect.poll(() => demoTokenItem.getValue()).toBe(fromPage);
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
    await demoTokenItem.setValue('stored-token');
    expect(await demoToken()).toBe('stored-token');
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('goes straight to the background’s own source in the background', async () => {
    setLocalDemoTokenSource(() => ensureDemoToken());
    const token = await demoToken();
    expect(await demoTokenItem.getValue()).toBe(token);
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('is refused to a web page (a content script sender)', async () => {
    startBackground();
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    await expect(sendMessage(demoMessages.token, undefined)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await demoTokenItem.getValue()).toBeNull();
  });
});
