import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoModeItem } from '@/lib/store/items';
import {
  listServers,
  removeServer,
  saveServerEntry,
  setDefaultServer,
  settingsFor,
} from '@/lib/settings';
import { loadSettings } from '@/lib/settings';

const HOSTED = { kind: 'hosted', url: 'https://pwpush.com' } as const;
const OWN = { kind: 'self-hosted', url: 'https://pwpush.example.com/secrets' } as const;

async function saveBoth() {
  await saveServerEntry({ server: HOSTED, token: 'hosted-token', tokenPlace: 'device' });
  await saveServerEntry({ server: OWN, token: 'own-token', tokenPlace: 'session' });
}

describe('several servers', () => {
  it('keeps each server with its own token, in the place chosen for it; the first saved is the default', async () => {
    await saveBoth();
    const settings = await loadSettings();
    expect(settings.defaultServer).toBe(HOSTED.url);
    expect(settings).toMatchObject({ server: HOSTED, token: 'hosted-token', tokenPlace: 'device' });
    expect(settings.servers).toEqual([
      { ...HOSTED, tokenPlace: 'device', token: 'hosted-token', tokenOrigin: 'https://pwpush.com' },
      { ...OWN, tokenPlace: 'session', token: 'own-token', tokenOrigin: 'https://pwpush.example.com' },
    ]);
    expect(settingsFor(settings, OWN.url)).toMatchObject({
      server: OWN,
      token: 'own-token',
      tokenOrigin: 'https://pwpush.example.com',
      tokenPlace: 'session',
    });
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({
      serverTokens: { [HOSTED.url]: { value: 'hosted-token', origin: 'https://pwpush.com' } },
    });
  });

  it('updates a server saved again under the same address, and may make it the default', async () => {
    await saveBoth();
    await saveServerEntry({ server: OWN, token: 'new-token', tokenPlace: 'device', makeDefault: true });
    const { servers, defaultUrl } = await listServers();
    expect(servers.map((s) => s.url)).toEqual([HOSTED.url, OWN.url]);
    expect(defaultUrl).toBe(OWN.url);
    expect(await loadSettings()).toMatchObject({ server: OWN, token: 'new-token', tokenPlace: 'device' });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({ serverTokens: {} });
  });

  it('switches the default', async () => {
    await saveBoth();
    await setDefaultServer(OWN.url);
    expect((await loadSettings()).server).toEqual(OWN);
    await setDefaultServer('https://unknown.example.com');
    expect((await loadSettings()).server).toEqual(OWN);
  });

  it('removes a server with its token; the default passes to the next one', async () => {
    await saveBoth();
    await removeServer(HOSTED.url);
    expect(await listServers()).toEqual({
      servers: [{ ...OWN, tokenPlace: 'session' }],
      defaultUrl: OWN.url,
    });
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({ serverTokens: {} });
    expect(await demoModeItem.getValue()).toBe(false);
  });

  it('goes back to demo mode when the last server is removed, its session token gone too', async () => {
    await saveBoth();
    await removeServer(HOSTED.url);
    await removeServer(OWN.url);
    expect(await loadSettings()).toMatchObject({ demoMode: true, server: null, servers: [], token: null });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({ serverTokens: {} });
  });
});
