import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditState } from '@/components/dashboard/AuditTimeline';
import { PushItem, type PushItemProps } from '@/components/dashboard/PushItem';
import type { TrackedPush } from '@/lib/watch/types';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

function props(push: Partial<TrackedPush> = {}, overrides: Partial<PushItemProps> = {}): PushItemProps {
  return {
    push: trackedPush(push),
    now: NOW,
    selected: false,
    onSelect: vi.fn(),
    audit: { state: 'hidden' },
    onToggleAudit: vi.fn(),
    onCopyLink: vi.fn(),
    onOpen: vi.fn(),
    onExpire: vi.fn(),
    renderQr: vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    hasToken: true,
    ...overrides,
  };
}

const card = () => screen.getByRole('article', { name: 'Wi-Fi password' });

describe('PushItem', () => {
  it('shows the name, note, kind and state', () => {
    render(<PushItem {...props()} />);
    const item = within(card());
    expect(item.getByRole('heading', { name: 'Wi-Fi password' })).toBeTruthy();
    expect(item.getByText('for the office')).toBeTruthy();
    expect(item.getByText('Text')).toBeTruthy();
    expect(item.getByText('Active')).toBeTruthy();
  });

  it('is named as its notifications name it: the start of the note without a name, never the token alone', () => {
    render(<PushItem {...props({ name: '', note: 'Door code for the\nback entrance' })} />);
    expect(screen.getByRole('article', { name: 'Door code for the back entrance' })).toBeTruthy();
    cleanup();
    render(<PushItem {...props({ name: '', note: '' })} />);
    expect(screen.getByRole('heading', { name: 'Push abc123de' })).toBeTruthy();
  });

  it('says why a push created without a token is followed by time even with one', () => {
    render(<PushItem {...props({ source: 'local', audit_denied: true })} />);
    expect(screen.getByText(/created without a token.*tracked by time only/)).toBeTruthy();
  });

  it('shows the views left in words and as a bar', () => {
    render(<PushItem {...props()} />);
    const bar = screen.getByRole('progressbar', { name: '3 of 5 views left' });
    expect(bar.getAttribute('value')).toBe('3');
    expect(bar.getAttribute('max')).toBe('5');
  });

  it('shows the time left as a countdown that follows the clock', () => {
    const { rerender } = render(<PushItem {...props({ expires_at: '2026-01-01T12:01:05Z' })} />);
    expect(screen.getByText('1m 05s')).toBeTruthy();
    rerender(<PushItem {...props({ expires_at: '2026-01-01T12:01:05Z' }, { now: NOW + 1000 })} />);
    expect(screen.getByText('1m 04s')).toBeTruthy();
  });

  it.each([
    [{ views_remaining: 0, expired: true }, 'Expired: no views left'],
    [{ expires_at: '2026-01-01T11:00:00Z', expired: true }, 'Expired: time ran out'],
    [{ deleted: true, expired: true }, 'Expired: deleted'],
  ])('says why an expired push expired (%j) and offers no Expire', (overrides, words) => {
    render(<PushItem {...props(overrides)} />);
    expect(within(card()).getByText(words)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();
    expect(screen.queryByText(/Time left/)).toBeNull();
  });

  it('lists a passphrase and a retrieval step', () => {
    render(<PushItem {...props({ has_passphrase: true, retrieval_step: true })} />);
    const facts = within(screen.getByRole('list', { name: 'Details' }));
    expect(facts.getByText('Passphrase')).toBeTruthy();
    expect(facts.getByText('Retrieval step')).toBeTruthy();
  });

  it('says that counting views needs a token for a push tracked by time only', () => {
    render(<PushItem {...props({ source: 'local' }, { hasToken: false })} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Counting views needs an API token: tracked by time only/)).toBeTruthy();
  });

  it.each([
    ['Copy link', 'onCopyLink'],
    ['Open', 'onOpen'],
    ['Expire', 'onExpire'],
    ['Audit log', 'onToggleAudit'],
  ] as const)('calls its handler from "%s"', (name, handler) => {
    const p = props();
    render(<PushItem {...p} />);
    fireEvent.click(screen.getByRole('button', { name }));
    expect(p[handler]).toHaveBeenCalledTimes(1);
  });

  it('selects with a checkbox named after the push', () => {
    const p = props();
    render(<PushItem {...p} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Wi-Fi password' }));
    expect(p.onSelect).toHaveBeenCalledWith(true);
  });

  it('offers no audit log when it cannot be read', () => {
    render(<PushItem {...props({}, { onToggleAudit: undefined })} />);
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
    expect(screen.getByRole('alert').textContent).toBe(
      'The audit log could not be loaded: Too many requests.',
    );
  });

  it('draws the QR code only when asked', async () => {
    const p = props();
    render(<PushItem {...p} />);
    expect(p.renderQr).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'QR code' }));
    expect(await screen.findByRole('img', { name: 'QR code of the link to Wi-Fi password' })).toBeTruthy();
    expect(p.renderQr).toHaveBeenCalledWith('https://push.example/p/abc123def456');
  });
});
