import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalWrites } from '../../local-writes';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyTokenPlace, startConnect } from '@/entrypoints/options/ServersSection';
import { createMockBackend, openMockStore } from '@/lib/mock';
import {
  editServer,
  initialForm,
  loadSettings,
  saveSettings,
  SELF_HOSTED,
  type ServerForm,
} from '@/lib/settings';

const SERVER_URL = 'http://127.0.0.1:8787';
const localWrites = useLocalWrites();

beforeEach(async () => {
  const store = await openMockStore({ name: `options-servers-${Math.random()}` });
  const backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [], rateLimit: 0 });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => backend(new Request(input, init)));
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

/** The form with `fields` typed over it, as the page's inputs change it. */
const typed = (form: ServerForm, fields: Partial<ServerForm['fields']>): ServerForm => ({
  ...form,
  fields: { ...form.fields, ...fields },
});

describe('saving on the options page: the Servers section', () => {
  it('Connect saves a new server in one write, leaves demo mode, and reports the connection', async () => {
    const form = initialForm(await loadSettings());
    const report = await startConnect(typed(form, { choice: SELF_HOSTED, customUrl: SERVER_URL }));
    expect(report).toMatchObject({ baseUrl: SERVER_URL, edition: 'oss', token: 'none' });
    expect(localWrites).toHaveLength(1);
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: { url: SERVER_URL, edition: 'oss' },
    });
  });

  it('Connect refuses an address that does not validate before asking for anything', async () => {
    const form = initialForm(await loadSettings());
    const server = typed(form, { choice: SELF_HOSTED, customUrl: 'http://pwpush.example.com' });
    await expect(startConnect(server)).rejects.toMatchObject({ code: 'validation' });
    expect(localWrites).toHaveLength(0);
    expect(fakeBrowser.permissions.request).not.toHaveBeenCalled();
  });

  it('moves the token at once while the fields hold the saved server, and waits for Connect otherwise', async () => {
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: 'alice-token', place: 'device', origin: SERVER_URL },
      },
    });
    const saved = await loadSettings();
    const form = editServer(saved, SERVER_URL);
    const other = typed(form, { customUrl: 'http://127.0.0.1:9999', token: '' });
    expect(applyTokenPlace('session', other, saved)).toBeUndefined();
    expect((await loadSettings()).tokenPlace).toBe('device');
    // A new server's form (Add a server) has no saved token to move either.
    expect(applyTokenPlace('session', editServer(saved, null), saved)).toBeUndefined();

    await applyTokenPlace('session', form, saved);
    expect(await loadSettings()).toMatchObject({ tokenPlace: 'session', token: 'alice-token' });
    expect(fakeBrowser.permissions.request).not.toHaveBeenCalled();
  });
});
