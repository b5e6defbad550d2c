import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ensureDemoToken, newDemoToken } from '@/lib/demo/token';
import { demoTokenItem } from '@/lib/store/items';
import background from '@/entrypoints/background';

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
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await expect.poll(() => demoTokenItem.getValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
