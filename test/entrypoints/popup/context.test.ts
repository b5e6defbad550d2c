import { describe, expect, it } from 'vitest';
import { loadPopupContext } from '@/entrypoints/popup/context';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { copyOnCreateItem, policyItem } from '@/lib/store/items';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { saveServerSettings, setDemoMode } from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com', edition: 'oss' } as const;

describe('loadPopupContext', () => {
  it('sends to the demo service, signed in, on a fresh install', async () => {
    expect(await loadPopupContext()).toEqual({
      demoMode: true,
      server: DEMO_BASE_URL,
      edition: 'pro',
      signedIn: true,
      defaults: DEFAULT_PUSH_DEFAULTS,
      copyOnCreate: true,
      servers: [],
    });
  });

  it('carries the copy-on-create setting', async () => {
    await copyOnCreateItem.setValue(false);
    expect((await loadPopupContext()).copyOnCreate).toBe(false);
  });

  it('sends to the saved server with its saved edition, signed in only with a token', async () => {
    await saveServerSettings({ server: SERVER, token: null, tokenPlace: 'session' });
    expect(await loadPopupContext()).toMatchObject({ server: SERVER.url, edition: 'oss', signedIn: false });
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'session' });
    expect((await loadPopupContext()).signedIn).toBe(true);
  });

  it('goes back to the demo service when demo mode is turned on again', async () => {
    await saveServerSettings({ server: SERVER, token: null, tokenPlace: 'device' });
    await setDemoMode(true);
    expect(await loadPopupContext()).toMatchObject({ server: DEMO_BASE_URL, signedIn: true });
  });

  it("follows the organization's policy: its server, its defaults, only its kinds, no demo mode", async () => {
    await policyItem.setValue({
      policy: {
        serverUrl: 'https://org.example',
        allowDemoMode: false,
        allowedKinds: ['url', 'text'],
        defaults: { expireAfterViews: 1, passphrase: true },
      },
      notes: [],
    });
    expect(await loadPopupContext()).toMatchObject({
      demoMode: false,
      server: 'https://org.example',
      kinds: ['text', 'url'],
      defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 1, passphrase: true },
    });
  });
});
