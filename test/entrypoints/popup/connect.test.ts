import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '@/lib/errors';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { demoModeItem } from '@/lib/store/items';
import { saveServerSettings } from '@/lib/store/save';

const SERVER_URL = 'https://pwpush.example.com';

/** A fresh connect.ts, so each test starts with no connection kept. */
async function freshConnect() {
  vi.resetModules();
  return import('@/entrypoints/popup/connect');
}

beforeEach(async () => {
  const store = await openMockStore({ name: `popup-connect-${Math.random()}` });
  const backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [], rateLimit: 0 });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => backend(new Request(input, init)));
});

describe('the popup connection', () => {
  it('keeps no failed attempt: once a server is saved, the next call connects', async () => {
    const { detectEdition } = await freshConnect();
    await demoModeItem.setValue(false); // demo mode off with no server: nothing to connect to
    const error = await detectEdition().catch((e: unknown) => e);
    expect(isAppError(error, 'internal')).toBe(true);

    await saveServerSettings({
      server: { kind: 'self-hosted', url: SERVER_URL },
      token: null,
      tokenPlace: 'device',
    });
    expect(await detectEdition()).toBe('oss');
  });

  it('keeps a connection for the popup’s lifetime', async () => {
    const { detectEdition } = await freshConnect();
    await saveServerSettings({
      server: { kind: 'self-hosted', url: SERVER_URL },
      token: null,
      tokenPlace: 'device',
    });
    expect(await detectEdition()).toBe('oss');
    await demoModeItem.setValue(true);
    expect(await detectEdition()).toBe('oss');
  });
});
