import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeSavedServer } from '@/lib/connection/remove';
import { readSettings, saveSettings } from '@/lib/settings';

const A = { kind: 'self-hosted', url: 'http://127.0.0.1:8001' } as const;
const B = { kind: 'self-hosted', url: 'http://127.0.0.1:8002' } as const;
const C = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;

async function saveAll() {
  for (const server of [A, B, C]) {
    const token = { value: 't', place: 'device' as const, origin: new URL(server.url).origin };
    await saveSettings({ type: 'server', entry: { server, token } });
  }
}

const listServers = async () => (await readSettings()).state.list;

describe('removeSavedServer', () => {
  it('gives back the host permission when no other saved server needs it', async () => {
    await saveAll();
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async () => {});
    await removeSavedServer(C.url);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://pwpush.example.com/*'] });
    expect((await listServers()).servers.map((s) => s.url)).toEqual([A.url, B.url]);
  });

  it('keeps a permission another server shares (a pattern has no port: two loopback servers share one)', async () => {
    await saveAll();
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async () => {});
    await removeSavedServer(B.url);
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes the server even when the browser keeps the permission (granted at install)', async () => {
    await saveAll();
    vi.spyOn(fakeBrowser.permissions, 'remove').mockRejectedValue(new Error('required permission'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await removeSavedServer(C.url);
    expect((await listServers()).servers).toHaveLength(2);
  });
});
