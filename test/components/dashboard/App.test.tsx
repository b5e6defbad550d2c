import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { App } from '@/entrypoints/dashboard/App';
import { firstScreen, prefetchFirstRead } from '@/entrypoints/dashboard/prefetch';
import { handle, listenForMessages, type Handler as MessageHandler } from '@/lib/messages/runtime';
import type { Message } from '@/lib/messages/message';
import { watchMessages } from '@/lib/watch/messages';
import { watchRevisionItem } from '@/lib/store/items';
import { saveSettings } from '@/lib/settings';
import { currentAccount } from '@/lib/watch/account';
import { closeWatchDb, watchDb } from '@/lib/watch/db';
import type { RefreshSummary, TrackedPush, WatchEvent } from '@/lib/watch/types';
import { trackedPush } from './tracked-push';
import { chromeLikeMessaging, pageSender } from '../../lib/demo/messaging';
import { pushHash } from '@/lib/watch/push-address';
import { useLiveRegion } from '../../sp-live';

/**
 * The dashboard container with its real collaborators: settings in WXT's fake storage, the watcher's cache in
 * fake-indexeddb, and the background's 'watch-*' messages answered by handlers registered here.
 */

const SERVER = 'https://push.example';
const HOUR = 3600_000;
const future = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const past = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const door = trackedPush({
  url_token: 'door1',
  name: 'Door code',
  created_at: past(3),
  expires_at: future(24),
});
const bank = trackedPush({
  url_token: 'bank2',
  name: 'Bank',
  has_passphrase: true,
  created_at: past(2),
  expires_at: future(24),
});
const wifi = trackedPush({
  url_token: 'wifi3',
  name: 'Wi-Fi',
  views_remaining: 0,
  expired: true,
  created_at: past(1),
  expires_at: future(24),
});
const elsewhere = trackedPush({
  url_token: 'other4',
  name: 'On another server',
  server: 'https://x.example',
});

const viewedEvent: WatchEvent = {
  id: 'e1',
  server: SERVER,
  url_token: 'door1',
  kind: 'viewed',
  at: past(0.5),
  ip: '203.0.113.7',
  user_agent: 'Recipient/1.0',
  views_left: 2,
  seen: false,
};

/** Stores records as the watcher would: under the account of the saved server and token. */
async function seed(pushes: TrackedPush[], events: WatchEvent[] = []) {
  const { account } = await currentAccount();
  if (account === null) throw new Error('no server saved');
  const db = await watchDb();
  for (const push of pushes) await db.put('pushes', { ...push, account });
  for (const event of events) await db.put('events', { ...event, account });
}

const summary = (overrides: Partial<RefreshSummary> = {}): RefreshSummary => ({
  server: SERVER,
  status: 'done',
  changed: 0,
  events: 0,
  requests: { list: 2, audit: 0 },
  needsToken: false,
  ...overrides,
});

type WatchMessages = typeof watchMessages;
type Handler<K extends keyof WatchMessages> =
  WatchMessages[K] extends Message<infer Req, infer Res> ? Mock<MessageHandler<Req, Res>> : never;

let handlers: {
  refresh: Handler<'refresh'>;
  refreshIfStale: Handler<'refreshIfStale'>;
  expire: Handler<'expire'>;
  audit: Handler<'audit'>;
  markSeen: Handler<'markSeen'>;
};

/** The page's live region, as the dashboard's index.html holds it from load. */
const live = useLiveRegion();

beforeEach(async () => {
  // A fresh database per test; the module's cached connection must not outlive it.
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  await saveSettings({
    type: 'server',
    entry: {
      server: { kind: 'self-hosted', url: SERVER },
      token: { value: 'owner-token', place: 'device', origin: new URL(SERVER).origin },
    },
  });
  handlers = {
    refresh: vi.fn(async () => summary()),
    refreshIfStale: vi.fn(async () => null),
    expire: vi.fn(async ({ url_tokens }) => ({ expired: url_tokens, failed: [] })),
    audit: vi.fn(async () => []),
    markSeen: vi.fn(async () => undefined),
  };
  // The dashboard, one of our own pages, is the sender: the watcher's messages are privileged.
  chromeLikeMessaging(() => pageSender('/dashboard.html'));
  listenForMessages([
    handle(watchMessages.refresh, handlers.refresh),
    handle(watchMessages.refreshIfStale, handlers.refreshIfStale),
    handle(watchMessages.expire, handlers.expire),
    handle(watchMessages.audit, handlers.audit),
    handle(watchMessages.markSeen, handlers.markSeen),
  ]);
});

afterEach(() => {
  cleanup();
});

const list = () => screen.findByRole('list', { name: 'Pushes' });
/**
 * Opens a row's details (preview, open, audit log, expire) and returns the row, once they show: they are a
 * part loaded on demand (components/dashboard/parts.ts).
 */
async function expanded(name: string) {
  const row = within(await list()).getByRole('article', { name });
  fireEvent.click(within(row).getByRole('button', { name: /^Details/ }));
  await within(row).findByRole('list', { name: 'Details' });
  return within(row);
}
const names = async () =>
  within(await list())
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

describe('dashboard App', () => {
  it('asks the watcher to refresh on opening an empty cache, reading meanwhile, then lists what it found', async () => {
    let finish: (value: RefreshSummary) => void = () => undefined;
    handlers.refreshIfStale.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    render(<App />);
    await waitFor(() => expect(handlers.refreshIfStale).toHaveBeenCalledTimes(1));
    expect(
      (await screen.findByText('Reading your pushes from the server…')).closest('[aria-busy]'),
    ).toBeTruthy();
    await seed([door]);
    finish(summary({ changed: 1 }));
    expect(await names()).toEqual(['Door code']);
    expect(handlers.refresh).not.toHaveBeenCalled();
  });

  it("opens on the push its address names by its opaque key: that row expanded, focused and marked as the page's place", async () => {
    await seed([door, bank, wifi]);
    location.hash = pushHash({ server: SERVER, url_token: bank.url_token });
    expect(location.hash).not.toContain(bank.url_token);
    try {
      render(<App />);
      const row = within(await list()).getByRole('article', { name: 'Bank' });
      await waitFor(() => expect(document.activeElement).toBe(row));
      expect(row.getAttribute('aria-current')).toBe('location');
      expect(
        within(row)
          .getByRole('button', { name: /^Details/ })
          .getAttribute('aria-expanded'),
      ).toBe('true');
      const door = within(await list()).getByRole('article', { name: 'Door code' });
      expect(
        within(door)
          .getByRole('button', { name: /^Details/ })
          .getAttribute('aria-expanded'),
      ).toBe('false');
    } finally {
      location.hash = '';
    }
  });

  it("lists the current server's pushes, newest first", async () => {
    await seed([door, bank, wifi, elsewhere]);
    render(<App />);
    expect(await names()).toEqual(['Wi-Fi', 'Bank', 'Door code']);
  });

  it('draws the first screen from the newest pushes, then reads them all: a search typed at once finds one beyond it', async () => {
    const count = firstScreen() + 50;
    const many = Array.from({ length: count }, (_, i) =>
      trackedPush({
        url_token: `m${i}`,
        name: i === count - 1 ? 'Oldest one' : `Push ${i}`,
        created_at: past(i + 1),
      }),
    );
    await seed(many);
    render(<App />);
    const rows = () => [...screen.getByRole('list', { name: 'Pushes' }).children];
    // The first answer: the newest firstScreen(), of a size not known yet.
    await waitFor(() => expect(rows()[0]?.getAttribute('aria-setsize')).toBe('-1'));
    expect(within(rows()[0] as HTMLElement).getByRole('heading').textContent).toBe('Push 0');
    // Typed before the rest is read: loading, not "nothing matches" among the first screen's.
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'oldest' } });
    expect(await names()).toEqual(['Oldest one']);
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('1');
    expect(screen.getByText(`Showing 1 of ${count}.`)).toBeTruthy();
  });

  it('opened as main.tsx opens it (the first read prefetched), draws its rows with its first render: no frame without them', async () => {
    await seed([door, bank, wifi], [viewedEvent]);
    prefetchFirstRead();
    render(<App />);
    // The moment the page leaves its heading-only state, the rows and the activity are there.
    await screen.findByRole('heading', { name: 'Your pushes' });
    const rows = within(screen.getByRole('list', { name: 'Pushes' })).getAllByRole('article');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Wi-Fi',
      'Bank',
      'Door code',
    ]);
    expect(screen.getByRole('region', { name: 'Recent activity' }).textContent).toContain('Viewed');
    // What follows an answer shown still follows the prefetched one: its events are told seen.
    await waitFor(() => expect(handlers.markSeen).toHaveBeenCalledTimes(1));
  });

  it('shows new events and tells the watcher they were seen', async () => {
    await seed([door], [viewedEvent]);
    render(<App />);
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    await waitFor(() => expect(within(activity).getByText('New')).toBeTruthy());
    expect(activity.textContent).toContain('Door code — Viewed — 2 views left, Recipient/1.0');
    // The recipient by their device; their IP address only in the push's audit log.
    expect(activity.textContent).not.toContain('203.0.113.7');
    await waitFor(() => expect(handlers.markSeen).toHaveBeenCalledTimes(1));
  });

  it('filters by state, passphrase and search', async () => {
    await seed([door, bank, wifi]);
    render(<App />);
    await list();
    fireEvent.click(screen.getByRole('radio', { name: 'Expired' }));
    expect(await names()).toEqual(['Wi-Fi']);
    fireEvent.click(screen.getByRole('radio', { name: 'Active' }));
    expect(await names()).toEqual(['Bank', 'Door code']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'With passphrase only' }));
    expect(await names()).toEqual(['Bank']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'With passphrase only' }));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'door' } });
    expect(await names()).toEqual(['Door code']);
  });

  it('expires the selected pushes after confirmation and reports each failure', async () => {
    await seed([door, bank, wifi]);
    handlers.expire.mockResolvedValueOnce({
      expired: ['door1'],
      failed: [{ url_token: 'bank2', error: { code: 'forbidden', message: 'Forbidden' } }],
    });
    render(<App />);
    await list();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Door code' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bank' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expire selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Expire 2 pushes?' });
    expect(handlers.expire).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expire 2 pushes' }));
    await waitFor(() => expect(screen.getByText('1 push expired.')).toBeTruthy());
    // Each push goes to its own server's watcher (issue 12: several servers); both are on the one saved here.
    expect(handlers.expire).toHaveBeenCalledWith(
      { server: 'https://push.example', url_tokens: ['bank2', 'door1'] },
      expect.anything(),
    );
    expect(document.querySelector('.expire-report .error')!.textContent).toBe(
      '1 push was not expired:Bank: This push belongs to another account.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Focus lands on what the action produced, and the page's live region says it once.
    expect(document.activeElement).toBe(document.querySelector('.expire-report'));
    await waitFor(() =>
      expect(live().textContent).toBe(
        '1 push expired. 1 push was not expired: Bank: This push belongs to another account.',
      ),
    );
    // The expired one leaves the selection; the failed one stays selected for another try.
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('expires nothing when the dialog is cancelled', async () => {
    await seed([door]);
    render(<App />);
    fireEvent.click((await expanded('Door code')).getByRole('button', { name: 'Expire' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Expire Door code?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(handlers.expire).not.toHaveBeenCalled();
  });

  it('says once that a refresh asked for has finished, and nothing for the one on opening', async () => {
    await seed([door]);
    render(<App />);
    await list();
    const button = await screen.findByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(handlers.refreshIfStale).toHaveBeenCalled());
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live().textContent).toBe('');
    fireEvent.click(button);
    await waitFor(() => expect(live().textContent).toBe('Refreshed.'));
    // When it last ran is redrawn every minute: plain text, never a status region.
    expect(document.querySelector('.refresh .hint')!.closest('[role]')).toBeNull();
  });

  it('shows why a refresh failed, in words', async () => {
    await seed([door]);
    handlers.refresh.mockResolvedValueOnce(
      summary({ status: 'failed', error: { code: 'rate-limited', message: 'Retry later', retryAfter: 30 } }),
    );
    render(<App />);
    await list();
    // The refresh on opening (the cache was never refreshed) holds the button until it answers.
    const button = await screen.findByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(handlers.refreshIfStale).toHaveBeenCalled());
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Refresh failed: The server is receiving too many requests. Try again in 30 seconds.',
    );
  });

  it('loads the audit log of a push when asked', async () => {
    await seed([door]);
    handlers.audit.mockResolvedValueOnce([
      {
        kind: 'view',
        ip: '203.0.113.7',
        user_agent: 'Recipient/1.0',
        referrer: null,
        created_at: past(0.5),
        updated_at: past(0.5),
      },
    ]);
    render(<App />);
    fireEvent.click((await expanded('Door code')).getByRole('button', { name: 'Audit log' }));
    const table = await screen.findByRole('table', { name: 'Audit log of Door code' });
    expect(within(table).getByText('Recipient/1.0')).toBeTruthy();
    expect(handlers.audit).toHaveBeenCalledWith(
      { url_token: 'door1', server: 'https://push.example' },
      expect.anything(),
    );
  });

  it('reloads when the watcher bumps watchRevision', async () => {
    await seed([door]);
    render(<App />);
    expect(await names()).toEqual(['Door code']);
    await seed([bank]);
    await watchRevisionItem.setValue((await watchRevisionItem.getValue()) + 1);
    await waitFor(async () => expect(await names()).toEqual(['Bank', 'Door code']));
  });

  it('says that views need an API token when there is none', async () => {
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER },
        token: { value: null, place: 'device', origin: new URL(SERVER).origin },
      },
    });
    await seed([{ ...door, source: 'local' }]);
    render(<App />);
    await list();
    expect(screen.getByRole('note').textContent).toContain(
      'Views need an API token: without one, pushes are tracked by time only.',
    );
    expect(screen.queryByRole('button', { name: 'Audit log' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export audit logs (CSV)' })).toBeNull();
  });

  it('says in words when the clipboard refused a link', async () => {
    await seed([door]);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(
      new DOMException('Document is not focused.', 'NotAllowedError'),
    );
    render(<App />);
    fireEvent.click(within(await list()).getByRole('button', { name: /^Copy link: / }));
    expect(
      await screen.findByText(
        'The link could not be copied: the browser did not allow access to the clipboard.',
      ),
    ).toBeTruthy();
  });
});

describe('dashboard: links that do not pass (issue 9 #4)', () => {
  it.each([
    ['javascript:', 'javascript:alert(document.domain)', 'The push link is not a web address'],
    ['data:', 'data:text/html,<script>alert(1)</script>', 'The push link is not a web address'],
    ['another origin', 'https://evil.example/p/door1', 'The push link points to https://evil.example'],
  ])('a %s link is never copied, opened or drawn, and the page says why', async (_name, html_url, words) => {
    await seed([{ ...door, html_url }]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<App />);
    const item = await expanded('Door code');

    fireEvent.click(item.getByRole('button', { name: /^Copy link: / }));
    // Said in the row, next to the button.
    expect((await item.findByText(new RegExp(`^${words}`))).textContent).toMatch(
      /The link of Door code was not copied\.$/,
    );
    fireEvent.click(item.getByRole('button', { name: 'Open page…' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/The link of Door code was not opened\.$/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /^Open/ })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    fireEvent.click(item.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The QR code could not be drawn.')).toBeTruthy();

    expect(writeText).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('copies a link on the server, and opens it only after saying it uses a view', async () => {
    await seed([door]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<App />);
    const item = await expanded('Door code');
    fireEvent.click(item.getByRole('button', { name: /^Copy link: / }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(door.html_url));
    expect(await item.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(item.getByRole('button', { name: 'Open page…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Open the page of Door code?' });
    expect(dialog.textContent).toContain('uses one of the 3 views left');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(item.getByRole('button', { name: 'Open page…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open and use a view' }));
    expect(open).toHaveBeenCalledWith(door.html_url, '_blank', 'noopener');
  });
});
