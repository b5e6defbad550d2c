import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/welcome/App';
import { createApiClient } from '@/lib/api';
import { registerDemoService } from '@/lib/demo/background';
import { demoToken, setLocalDemoTokenSource } from '@/lib/demo/token';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin, setLocalDemoRoute } from '@/lib/demo/transport';
import { DEMO_DB_NAME } from '@/lib/demo/constants';
import { openMockStore } from '@/lib/mock';
import { DEFAULT_PUSH_DEFAULTS, saveSettings } from '@/lib/settings';
import { chromeLikeMessaging, pageSender } from '../../lib/demo/messaging';
import { useLiveRegion } from '../../sp-live';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);
const live = useLiveRegion();

const SAMPLE =
  'This is a sample secret. The person you send a link to sees it here, once, and then it is gone.';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // The demo service in this background page (Firefox's way), reached from the page through messaging.
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
  chromeLikeMessaging(() => pageSender('/welcome.html'));
  registerDemoService();
  setLocalDemoRoute(undefined);
  setLocalDemoTokenSource(undefined);
});

const openTabs = async () => (await fakeBrowser.tabs.query({})).map((tab) => tab.url ?? '');

describe('welcome page', () => {
  it('says demo mode is on and what it means, with both ways on', async () => {
    render(<App />);
    expect(await screen.findByText('Demo mode is on.')).toBeTruthy();
    expect(screen.getByText(/Nothing leaves your computer/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Secret Push' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try it' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect your server' })).toBeTruthy();
  });

  it('shows how to pin the toolbar button, with a picture of the two clicks', async () => {
    render(<App />);
    const pin = await screen.findByRole('region', { name: 'Keep it one click away' });
    expect(within(pin).getByRole('img').getAttribute('aria-label')).toMatch(
      /Extensions button.*pin beside Secret Push/,
    );
    expect(pin.textContent).toContain('Pin it from the Extensions menu');
  });

  it('Try it creates a push in demo mode and opens its link in the viewer', async () => {
    // The sample's one view wins over the defaults (issue 18: no demo secret outlives its push).
    await saveSettings({ type: 'defaults', defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 10 } });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try it' }));
    await vi.waitFor(() => expect(live().textContent).toMatch(/Creating a sample push|Sample push/));
    await screen.findByText('Sample push created. Its link opened in a new tab.', undefined, {
      timeout: 10_000,
    });
    await vi.waitFor(() =>
      expect(live().textContent).toBe('Sample push created. Its link opened in a new tab.'),
    );

    const viewer = (await openTabs()).find((url) => url.includes('/viewer.html#/p/'));
    expect(viewer?.startsWith(fakeBrowser.runtime.getURL('/viewer.html'))).toBe(true);
    const urlToken = /\/p\/([^/#?]+)/.exec(viewer!)![1]!;
    // The demo service's side: the push is there, with the sample secret as its payload.
    const options = { baseUrl: DEMO_BASE_URL, fetch: demoFetch, pageOrigin: demoPageOrigin() };
    const recipient = createApiClient({ ...options, token: null });
    expect(await recipient.retrievePush(urlToken)).toMatchObject({ payload: SAMPLE, expire_after_views: 1 });
    expect(await demoToken()).toBeTruthy();
    // That one view was its last: expired, its payload gone from the demo service's database.
    expect(await recipient.retrievePush(urlToken)).toMatchObject({ expired: true, payload: null });
    const store = await openMockStore({ name: DEMO_DB_NAME });
    expect(await store.getPush(urlToken)).toMatchObject({ expired: true, payload: null });
    store.close();
  });

  it('says so when the sample push could not be created, and Try it works again', async () => {
    vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValueOnce(new Error('No window to open a tab in'));
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try it' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).not.toBe('');
    expect(screen.getByRole('button', { name: 'Try it' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers no Try it once demo mode is off: a sample must not go to a real server', async () => {
    await fakeBrowser.storage.local.set({ demoMode: false });
    render(<App />);
    expect(
      await screen.findByText('Demo mode is off: your pushes go to the server you connected.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try it' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect your server' })).toBeTruthy();
  });

  it('Connect your server opens the settings page', async () => {
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect your server' }));
    expect(open).toHaveBeenCalledOnce();
  });
});
