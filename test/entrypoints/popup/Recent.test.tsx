import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RecentPushes } from '@/entrypoints/popup/Recent';
import type { Push } from '@/lib/api';
import { saveSettings, type Settings } from '@/lib/settings';
import { readSettings } from '@/lib/settings/read';
import { READ_KEYS } from '@/lib/settings/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { resetWatchDb } from '../../lib/watch/helpers';
import { pushPath } from '@/lib/watch/push-address';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
// The background's clipboard clearing is tested elsewhere.
// No background here to schedule the clearing: the copy itself is the real one.
vi.mock('@/lib/clipboard', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/clipboard')>();
  return { ...real, copyText: (text: string) => real.copyText(text, async () => {}) };
});
const SERVER = 'https://pp.example';
/** The settings as the popup read them (App.tsx hands them to the list). */
let settings: Settings;

beforeEach(async () => {
  await resetWatchDb();
  await saveSettings({
    type: 'server',
    entry: {
      server: { kind: 'self-hosted', url: SERVER },
      token: { value: null, place: 'device', origin: new URL(SERVER).origin },
    },
  });
  ({ settings } = await readSettings());
});

function push(url_token: string, name: string): Push {
  const now = new Date().toISOString();
  return {
    url_token,
    html_url: `${SERVER}/p/${url_token}/r`,
    name,
    expire_after_views: 5,
    views_remaining: 5,
    expire_after_duration: 8,
    created_at: now,
    updated_at: now,
    expires_at: new Date(Date.now() + 86400_000).toISOString(),
  } as Push;
}

describe('RecentPushes', () => {
  it('says there are none yet, then shows a push recorded while it is open', async () => {
    render(<RecentPushes server={SERVER} settings={settings} />);
    await screen.findByText('No pushes yet.');
    await recordCreatedPush(push('tok1', 'Wi-Fi for guests'), { server: SERVER, kind: 'text' });
    expect(await screen.findByText('Wi-Fi for guests')).toBeTruthy();
    expect(screen.queryByText('No pushes yet.')).toBeNull();
  });

  it("opens a recent push's own row in the dashboard from its name, by an address with no token or server in it", async () => {
    await recordCreatedPush(push('tok3', 'Router password'), { server: SERVER, kind: 'text' });
    render(<RecentPushes server={SERVER} settings={settings} />);
    const link = await screen.findByRole('link', { name: 'Router password' });
    const address = browser.runtime.getURL(pushPath({ server: SERVER, url_token: 'tok3' }) as '/');
    expect(link.getAttribute('href')).toBe(address);
    expect(address).not.toContain('tok3');
    expect(address).not.toContain(new URL(SERVER).host);
    fireEvent.click(link);
    await waitFor(async () =>
      expect((await browser.tabs.query({})).map((tab) => tab.url)).toContain(address),
    );
  });

  it('reads the cache for the settings the popup hands it, never the settings again (issue 22)', async () => {
    await recordCreatedPush(push('tok7', 'Handed'), { server: SERVER, kind: 'text' });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    render(<RecentPushes server={SERVER} settings={settings} />);
    expect(await screen.findByText('Handed')).toBeTruthy();
    const settingsKeys: string[] = [...READ_KEYS.local];
    const asked = get.mock.calls.map(([keys]) => [keys ?? []].flat().map(String));
    expect(asked.filter((keys) => keys.some((key) => settingsKeys.includes(key)))).toEqual([]);
  });

  it('lists only the pushes of its server', async () => {
    await recordCreatedPush(push('tok2', 'Elsewhere'), { server: 'https://other.example', kind: 'text' });
    render(<RecentPushes server={SERVER} settings={settings} />);
    await screen.findByText('No pushes yet.');
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  it('says why the list cannot be read where the browser refuses IndexedDB (a Firefox private window)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError');
    });
    render(<RecentPushes server={SERVER} settings={settings} />);
    expect(
      await screen.findByText(
        /^The recent pushes could not be read: The browser keeps no data for Secret Push in this window/,
      ),
    ).toBeTruthy();
  });

  it('names an unnamed URL push by its host, never by its token', async () => {
    await recordCreatedPush(push('tok3quqv', ''), {
      server: SERVER,
      kind: 'url',
      subject: 'wiki.example.com',
    });
    render(<RecentPushes server={SERVER} settings={settings} />);
    expect(await screen.findByText(/^URL · wiki\.example\.com · \w{3} \d\d?, \d/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('tok3quqv');
  });

  it('copies a recent push\'s link, which reads "Copied"', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await recordCreatedPush(push('tok4', 'Router'), { server: SERVER, kind: 'text' });
    render(<RecentPushes server={SERVER} settings={settings} />);
    const item = within((await screen.findByText('Router')).closest('li')!);
    fireEvent.click(item.getByRole('button', { name: 'Copy the link of Router' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${SERVER}/p/tok4/r`));
    expect(await item.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it("draws a recent push's QR code on request", async () => {
    await recordCreatedPush(push('tok5', 'Door code'), { server: SERVER, kind: 'text' });
    render(<RecentPushes server={SERVER} settings={settings} />);
    const item = within((await screen.findByText('Door code')).closest('li')!);
    fireEvent.click(item.getByRole('button', { name: 'QR code of Door code' }));
    expect(await item.findByRole('img', { name: 'QR code of the link of Door code' })).toBeTruthy();
  });

  it('offers no copy or QR code for an expired push', async () => {
    const gone = { ...push('tok6', 'Old one'), expires_at: new Date(Date.now() - 1000).toISOString() };
    await recordCreatedPush(gone, { server: SERVER, kind: 'text' });
    render(<RecentPushes server={SERVER} settings={settings} />);
    const item = within((await screen.findByText('Old one')).closest('li')!);
    expect(item.getByText('Expired')).toBeTruthy();
    expect(item.queryByRole('button')).toBeNull();
  });
});

describe("RecentPushes: the More menu's Expire everything", () => {
  it('is not there before the first push', async () => {
    render(<RecentPushes server={SERVER} settings={settings} />);
    await screen.findByText('No pushes yet.');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('asks with the count of the last hour and its server, focus on Cancel; Escape closes it back on More', async () => {
    await recordCreatedPush(push('tok4', 'Door code'), { server: SERVER, kind: 'text' });
    await recordCreatedPush(push('tok5', 'Alarm code'), { server: SERVER, kind: 'text' });
    await recordCreatedPush(
      { ...push('tok6', 'Yesterday'), created_at: new Date(Date.now() - 86_400_000).toISOString() },
      { server: SERVER, kind: 'text' },
    );
    render(<RecentPushes server={SERVER} settings={settings} />);
    const more = await screen.findByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Expire everything I pushed in the last hour' }));
    const question = await screen.findByRole('group');
    expect(question.textContent).toContain('2 pushes on pp.example stop working at once for everyone.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(question).getByRole('button', { name: 'Expire 2 pushes' })).toBeTruthy();
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it("shows the background's run going on, then its result until Dismiss", async () => {
    await recordCreatedPush(push('tok7', 'Door code'), { server: SERVER, kind: 'text' });
    const run = {
      status: 'running',
      started_at: 1,
      finished_at: null,
      scopes: [{ servers: null, window: 'hour' }],
      servers: [SERVER],
      total: 4,
      handled: 1,
      expired: 1,
      failed: [],
      waiting_until: null,
    };
    await fakeBrowser.storage.session.set({ expireAllRun: run });
    render(<RecentPushes server={SERVER} settings={settings} />);
    expect(await screen.findByRole('progressbar', { name: /Expiring everything: 1 of 4/ })).toBeTruthy();
    await fakeBrowser.storage.session.set({
      expireAllRun: { ...run, status: 'done', handled: 4, expired: 4 },
    });
    expect(await screen.findByText('Expire everything: 4 of 4 expired.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Expire everything: 4 of 4 expired.')).toBeNull());
    expect((await fakeBrowser.storage.session.get('expireAllRun')).expireAllRun).toBeUndefined();
  });
});
