import { ANNOUNCE_GAP_MS } from '@/components/announce';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditState } from '@/components/dashboard/AuditTimeline';
import { PUSH_DETAILS } from '@/components/dashboard/parts';
import { PushItem, type PushActions, type PushItemProps } from '@/components/dashboard/PushItem';
import type { TrackedPush } from '@/lib/watch/types';
import { useLiveRegion } from '../../sp-live';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

/** The page's one live region, as dashboard/index.html holds it from load. */
const liveRegion = useLiveRegion();
// The rows with their details part at hand, as the dashboard has it once its list is read (warmParts);
// parts.test.tsx opens a row before the part has arrived.
beforeAll(async () => {
  await PUSH_DETAILS.load();
});

function actions(): PushActions {
  return {
    select: vi.fn(),
    toggleAudit: vi.fn(),
    copyLink: vi.fn(async () => undefined),
    open: vi.fn(),
    expire: vi.fn(),
  };
}

function props(push: Partial<TrackedPush> = {}, overrides: Partial<PushItemProps> = {}): PushItemProps {
  return {
    push: trackedPush(push),
    now: NOW,
    selected: false,
    audit: { state: 'hidden' },
    canAudit: true,
    renderQr: vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    hasToken: true,
    actions: actions(),
    ...overrides,
  };
}

const card = () => screen.getByRole('article', { name: 'Wi-Fi password' });
/** Opens the row's details, where everything but Copy link lives. */
const expand = () => fireEvent.click(screen.getByRole('button', { name: /^Details/ }));

describe('PushItem', () => {
  it('shows the name and state in the row; the note and kind in its details', () => {
    render(<PushItem {...props()} />);
    const item = within(card());
    expect(item.getByRole('heading', { name: 'Wi-Fi password' })).toBeTruthy();
    expect(item.getByText('Active')).toBeTruthy();
    expect(item.queryByText('for the office')).toBeNull();
    expand();
    expect(item.getByText('for the office')).toBeTruthy();
    expect(item.getByText('Text')).toBeTruthy();
  });

  it('opens and closes its details from one button that says whether they are open', () => {
    render(<PushItem {...props()} />);
    const toggle = screen.getByRole('button', { name: /^Details/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByRole('list', { name: 'Details' })).toBeNull();
  });

  it('is named as its notifications name it: the start of the note without a name, never the token alone', () => {
    render(<PushItem {...props({ name: '', note: 'Door code for the\nback entrance' })} />);
    expect(screen.getByRole('article', { name: 'Door code for the back entrance' })).toBeTruthy();
    cleanup();
    // Issue 11: with neither, its kind and when it was made (lib/push/label.ts), no longer "Push abc123de".
    render(<PushItem {...props({ name: '', note: '' })} />);
    expect(screen.getByRole('heading', { name: /^Text · Jan 1, \d/ })).toBeTruthy();
    cleanup();
    render(<PushItem {...props({ name: '', note: '', kind: 'url', subject: 'wiki.example.com' })} />);
    expect(screen.getByRole('heading', { name: /^URL · wiki\.example\.com · Jan 1, \d/ })).toBeTruthy();
  });

  it('says why a push created without a token is followed by time even with one', () => {
    render(<PushItem {...props({ source: 'local', audit_denied: true })} />);
    expand();
    expect(screen.getByText(/created without a token.*tracked by time only/)).toBeTruthy();
  });

  it('shows the views left in words and as a bar', () => {
    render(<PushItem {...props()} />);
    const bar = screen.getByRole('progressbar', { name: '3 of 5 views left' });
    expect(bar.getAttribute('value')).toBe('3');
    expect(bar.getAttribute('max')).toBe('5');
  });

  it('says when it expires as people say it, with the exact time on hover', () => {
    const { rerender } = render(<PushItem {...props({ expires_at: '2026-01-07T11:00:00Z' })} />);
    expect(within(card()).getByText('Expires', { exact: false }).textContent).toBe('Expires in 6 days');
    const time = within(card()).getByText('in 6 days');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-01-07T11:00:00Z');
    expect(time.getAttribute('title')).toMatch(/2026/);
    rerender(<PushItem {...props({ expires_at: '2026-01-01T12:05:00Z' }, { now: NOW + 3 * 60_000 })} />);
    expect(within(card()).getByText('in 2 minutes')).toBeTruthy();
  });

  it.each([
    [{ views_remaining: 0, expired: true }, 'Expired: no views left'],
    [{ expires_at: '2026-01-01T11:00:00Z', expired: true }, 'Expired: time ran out'],
    [{ deleted: true, expired: true }, 'Expired: deleted'],
  ])(
    'says why an expired push expired (%j) and offers no Copy link, Preview, Open or Expire',
    (overrides, words) => {
      render(<PushItem {...props(overrides)} />);
      expect(within(card()).getByText(words)).toBeTruthy();
      expand();
      for (const name of ['Copy link', 'Preview', 'Open page…', 'Expire'])
        expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByText(/^Expires/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Audit log' })).toBeTruthy();
    },
  );

  it('says when an expired push ended', () => {
    render(<PushItem {...props({ deleted: true, expired: true, expired_on: '2026-01-01T10:00:00Z' })} />);
    expect(within(card()).getByText('2 hours ago')).toBeTruthy();
  });

  it('lists a passphrase and a retrieval step', () => {
    render(<PushItem {...props({ has_passphrase: true, retrieval_step: true })} />);
    expand();
    const facts = within(screen.getByRole('list', { name: 'Details' }));
    expect(facts.getByText('Passphrase')).toBeTruthy();
    expect(facts.getByText('Retrieval step')).toBeTruthy();
  });

  it('says that counting views needs a token for a push tracked by time only', () => {
    render(<PushItem {...props({ source: 'local' }, { hasToken: false })} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(card()).getByText('Up to 5 views')).toBeTruthy();
    expand();
    expect(screen.getByText(/Counting views needs an API token: tracked by time only/)).toBeTruthy();
  });

  it.each([
    ['Open page…', 'open'],
    ['Expire', 'expire'],
  ] as const)('hands its push to "%s"', (name, action) => {
    const p = props();
    render(<PushItem {...p} />);
    expand();
    fireEvent.click(screen.getByRole('button', { name }));
    expect(p.actions[action]).toHaveBeenCalledWith(p.push);
  });

  it('asks for its audit log by token', () => {
    const p = props();
    render(<PushItem {...p} />);
    expand();
    fireEvent.click(screen.getByRole('button', { name: 'Audit log' }));
    expect(p.actions.toggleAudit).toHaveBeenCalledWith('abc123def456', 'https://push.example');
  });

  it('confirms a copy on its own button, which turns back after a moment', async () => {
    vi.useFakeTimers();
    try {
      const p = props();
      const live = liveRegion();
      render(<PushItem {...p} />);
      fireEvent.click(screen.getByRole('button', { name: 'Copy link: Wi-Fi password' }));
      expect(p.actions.copyLink).toHaveBeenCalledWith(p.push);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(within(card()).getByRole('button', { name: 'Copied' })).toBeTruthy();
      // Said once through the page's live region, after its short silence (components/announce.ts).
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ANNOUNCE_GAP_MS);
      });
      expect(live.textContent).toBe('Link to Wi-Fi password copied');
      expect(within(card()).queryByRole('status')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(within(card()).getByRole('button', { name: 'Copy link: Wi-Fi password' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says next to its Copy link why a copy failed', async () => {
    const p = props();
    p.actions.copyLink = vi.fn(async () => {
      throw new Error('The link could not be copied.');
    });
    render(<PushItem {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link: Wi-Fi password' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe('The link could not be copied.');
  });

  it('names every control of the row with its push, while their visible words stay short', () => {
    render(<PushItem {...props()} />);
    const copy = screen.getByRole('button', { name: 'Copy link: Wi-Fi password' });
    const details = screen.getByRole('button', { name: 'Details: Wi-Fi password' });
    expect(copy.textContent!.trim()).toBe('Copy link');
    expect(details.textContent!.trim()).toBe('Details');
    expect(screen.getByRole('checkbox', { name: 'Select Wi-Fi password' })).toBeTruthy();
  });

  it("is one tab stop when it is the list's: the row itself, never its controls", () => {
    const { rerender } = render(<PushItem {...props({}, { tabStop: true })} />);
    const controls = [
      screen.getByRole('checkbox', { name: 'Select Wi-Fi password' }),
      screen.getByRole('button', { name: 'Copy link: Wi-Fi password' }),
      screen.getByRole('button', { name: 'Details: Wi-Fi password' }),
    ];
    expect(card().tabIndex).toBe(0);
    for (const control of controls) expect(control.tabIndex).toBe(-1);
    rerender(<PushItem {...props({}, { tabStop: false })} />);
    expect(card().tabIndex).toBe(-1);
  });

  it('selects with a checkbox named after the push', () => {
    const p = props();
    render(<PushItem {...p} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Wi-Fi password' }));
    expect(p.actions.select).toHaveBeenCalledWith('abc123def456', true);
  });

  it('offers no audit log when it cannot be read', () => {
    render(<PushItem {...props({}, { canAudit: false })} />);
    expand();
    expect(screen.queryByRole('button', { name: 'Audit log' })).toBeNull();
  });

  it('shows the audit timeline with time, event, IP, user agent and referrer', () => {
    const audit: AuditState = {
      state: 'shown',
      entries: [
        {
          kind: 'view',
          ip: '203.0.113.7',
          user_agent: 'Recipient/1.0',
          referrer: 'https://mail.example',
          created_at: '2026-01-01T11:45:00Z',
          updated_at: '2026-01-01T11:45:00Z',
        },
        {
          kind: 'creation',
          ip: '198.51.100.1',
          user_agent: 'Creator/2.0',
          referrer: null,
          created_at: '2026-01-01T11:00:00Z',
          updated_at: '2026-01-01T11:00:00Z',
        },
      ],
    };
    render(<PushItem {...props({}, { audit })} />);
    expand();
    const table = screen.getByRole('table', { name: 'Audit log of Wi-Fi password' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // Oldest first.
    expect(rows[1]!.textContent).toContain('Created');
    expect(within(rows[2]!).getByText('Viewed')).toBeTruthy();
    expect(within(rows[2]!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(rows[2]!).getByText('Recipient/1.0')).toBeTruthy();
    expect(within(rows[2]!).getByText('https://mail.example')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide audit log' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows why the audit log could not be read', () => {
    render(<PushItem {...props({}, { audit: { state: 'failed', message: 'Too many requests.' } })} />);
    expand();
    expect(screen.getByRole('alert').textContent).toBe(
      'The audit log could not be loaded: Too many requests.',
    );
  });

  it('previews the link and draws its QR code only when asked, without opening anything', async () => {
    const p = props();
    const open = vi.spyOn(window, 'open');
    render(<PushItem {...p} />);
    expand();
    expect(p.renderQr).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('group', { name: 'Preview of Wi-Fi password' });
    expect(within(preview).getByText('https://push.example/p/abc123def456')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of the link to Wi-Fi password' })).toBeTruthy();
    expect(p.renderQr).toHaveBeenCalledWith('https://push.example/p/abc123def456');
    expect(open).not.toHaveBeenCalled();
    expect(p.actions.open).not.toHaveBeenCalled();
  });

  it.each([
    [{ views_remaining: 5, expire_after_views: 5 }, 'Not opened'],
    [{ views_remaining: 3, expire_after_views: 5 }, 'Opened 2 times'],
    [
      {
        views_remaining: 3,
        expire_after_views: 5,
        opened: {
          count: 2,
          last_at: new Date(NOW - 5 * 60_000).toISOString(),
          user_agent: 'Mozilla/5.0 (X11; Linux) Firefox/128',
        },
      },
      `Opened 2 times · last ${new Date(NOW - 5 * 60_000).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' })} · Firefox on Linux`,
    ],
    [{ views_remaining: 4, expire_after_views: 5, opened: { count: 0 } }, 'Not opened'],
  ] satisfies Array<[Partial<TrackedPush>, string]>)('says whether it was opened: %o', (push, words) => {
    render(<PushItem {...props(push)} />);
    expect(screen.getByRole('article').textContent).toContain(words);
  });

  it('says a wrong passphrase on its row, with when and from what browser, even while nobody opened it', () => {
    const at = new Date(NOW - 6 * 60_000);
    render(
      <PushItem
        {...props({
          views_remaining: 5,
          opened: {
            count: 0,
            wrong_passphrase: {
              count: 1,
              last_at: at.toISOString(),
              user_agent:
                'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
            },
          },
        })}
      />,
    );
    const time = at.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByRole('article').textContent).toContain(
      `Not opened · 1 wrong passphrase ${time} · Safari on iOS`,
    );
    // The failed attempt is the part marked (in the danger colour), not "Not opened".
    expect(screen.getByText(`1 wrong passphrase ${time} · Safari on iOS`).className).toBe('failed');
  });

  it('says tries to open it after it expired on its row too, as a failed attempt', () => {
    const at = new Date(NOW - 20 * 60_000);
    render(
      <PushItem
        {...props({
          expired: true,
          views_remaining: 0,
          expire_after_views: 1,
          opened: {
            count: 1,
            after_expiry: {
              count: 2,
              last_at: at.toISOString(),
              user_agent: 'Mozilla/5.0 (X11; Linux) Firefox/128',
            },
          },
        })}
      />,
    );
    const time = at.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByText(`2 tries after it expired, last ${time} · Firefox on Linux`).className).toBe(
      'failed',
    );
    expect(screen.getByRole('article').textContent).toContain('Opened once · 2 tries after it expired');
  });

  it('shows its whole name with the name as its title too, and the date and time it was created', () => {
    const name = 'Onboarding: Samira Haddad, payroll portal first login, HR team';
    render(<PushItem {...props({ name, created_at: '2025-12-30T09:05:00Z' })} />);
    const heading = screen.getByRole('heading', { name });
    expect(heading.textContent).toBe(name);
    expect(heading.getAttribute('title')).toBe(name);
    const created = new Date('2025-12-30T09:05:00Z').toLocaleString('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(screen.getByRole('article').textContent).toContain(`Created ${created}`);
    cleanup();
    // Made today: the day is said too (a row is read days later).
    render(<PushItem {...props()} />);
    expect(screen.getByRole('article').textContent).toMatch(/Created Jan 1, \d\d:00/);
  });

  it('says a push that ended a second ago ended now, never "in 1 minute", while the page\'s clock lags', () => {
    // The watcher saw it end at 12:00:44; the page's clock (moving once a minute) still says 12:00:00.
    render(
      <PushItem
        {...props({ expired: true, views_remaining: 0, expired_on: new Date(NOW + 44_000).toISOString() })}
      />,
    );
    const text = screen.getByRole('article').textContent!;
    expect(text).toContain('Ended now');
    expect(text).not.toMatch(/in 1 minute/);
  });

  it('says nothing of opening for a push followed by time only', () => {
    render(<PushItem {...props({ source: 'local' })} />);
    expect(screen.getByRole('article').textContent).not.toMatch(/opened/i);
  });
});
