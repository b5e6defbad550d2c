import { describe, expect, it } from 'vitest';
import { loadPopupContext } from '@/entrypoints/popup/context';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_PUSH_DEFAULTS, presetFromDefaults } from '@/lib/settings';
import { saveSettings } from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com', edition: 'oss' } as const;

describe('loadPopupContext', () => {
  it('sends to the demo service, signed in, on a fresh install', async () => {
    expect(await loadPopupContext()).toEqual({
      demoMode: true,
      destination: { demo: true },
      server: DEMO_BASE_URL,
      edition: 'pro',
      signedIn: true,
      defaults: DEFAULT_PUSH_DEFAULTS,
      presets: [presetFromDefaults(DEFAULT_PUSH_DEFAULTS)],
      copyOnCreate: true,
      servers: [],
      chatGuard: true,
    });
  });

  it('carries the chat-preview guard setting', async () => {
    await saveSettings({ type: 'chatGuard', on: false });
    expect((await loadPopupContext()).chatGuard).toBe(false);
  });

  it('carries the copy-on-create setting', async () => {
    await saveSettings({ type: 'copyOnCreate', on: false });
    expect((await loadPopupContext()).copyOnCreate).toBe(false);
  });

  it('sends to the saved server with its saved edition, signed in only with a token', async () => {
    await saveSettings({
      type: 'server',
      entry: { server: SERVER, token: { value: null, place: 'session', origin: new URL(SERVER.url).origin } },
    });
    expect(await loadPopupContext()).toMatchObject({ server: SERVER.url, edition: 'oss', signedIn: false });
    await saveSettings({
      type: 'server',
      entry: {
        server: SERVER,
        token: { value: 'tok', place: 'session', origin: new URL(SERVER.url).origin },
      },
    });
    expect((await loadPopupContext()).signedIn).toBe(true);
  });

  it('goes back to the demo service when demo mode is turned on again', async () => {
    await saveSettings({
      type: 'server',
      entry: { server: SERVER, token: { value: null, place: 'device', origin: new URL(SERVER.url).origin } },
    });
    await saveSettings({ type: 'demo', on: true });
    expect(await loadPopupContext()).toMatchObject({ server: DEMO_BASE_URL, signedIn: true });
  });

  it("follows the organization's policy: its server, its defaults, only its kinds, no demo mode", async () => {
    await fakeBrowser.storage.local.set({
      policy: {
        policy: {
          serverUrl: 'https://org.example',
          allowDemoMode: false,
          allowedKinds: ['url', 'text'],
          defaults: { expireAfterViews: 1, passphrase: true },
        },
        notes: [],
      },
    });
    expect(await loadPopupContext()).toMatchObject({
      demoMode: false,
      server: 'https://org.example',
      kinds: ['text', 'url'],
      defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 1, passphrase: true },
    });
  });
});
