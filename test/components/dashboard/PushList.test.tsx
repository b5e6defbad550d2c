import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushList, type PushListProps } from '@/components/dashboard/PushList';
import type { EmptyCase } from '@/components/dashboard/empty';
import { ROWS_PER_STEP } from '@/components/dashboard/useShowMore';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

const door = trackedPush({ url_token: 'door1', name: 'Door code' });
const bank = trackedPush({ url_token: 'bank2', name: 'Bank', source: 'local' });

function props(overrides: Partial<PushListProps> = {}): PushListProps {
  return {
    shown: [door, bank],
    empty: null,
    now: NOW,
    selected: new Set(),
    audits: {},
    canAudit: (push) => push.source === 'server',
    hasToken: true,
    renderQr: async () => '<svg/>',
    actions: {
      select: vi.fn(),
      toggleAudit: vi.fn(),
      copyLink: vi.fn(async () => undefined),
      open: vi.fn(),
      expire: vi.fn(),
    },
    ...overrides,
  };
}

describe('PushList', () => {
  const emptyProps = { optionsUrl: 'chrome-extension://x/options.html', onRefresh: vi.fn() };
  it.each([
    [{ kind: 'loading', reading: false }, 'Loading…'],
    [{ kind: 'loading', reading: true }, 'Reading your pushes from the server…'],
    [{ kind: 'filtered' }, 'No push matches the filters.'],
    [{ kind: 'account' }, 'No pushes on this account yet.'],
  ] satisfies Array<[EmptyCase, string]>)('says why no push is listed: %o', (empty, words) => {
    render(<PushList {...props({ shown: [], empty: { empty, ...emptyProps } })} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('links a missing or rejected token to Settings', () => {
    render(<PushList {...props({ shown: [], empty: { empty: { kind: 'rejected' }, ...emptyProps } })} />);
    expect(
      screen.getByText('This browser cannot read this account: the server rejected its API token.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe(
      emptyProps.optionsUrl,
    );
  });

  it('offers Try again when the server could not be reached, and Check again on an empty account', () => {
    const onRefresh = vi.fn();
    const error = { code: 'network' as const, message: 'offline' };
    const empty = {
      empty: { kind: 'unreachable' as const, error },
      ...emptyProps,
      reason: 'No connection',
      onRefresh,
    };
    const { rerender } = render(<PushList {...props({ shown: [], empty })} />);
    expect(screen.getByRole('alert').textContent).toContain('Your pushes could not be read: No connection');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(
      <PushList {...props({ shown: [], empty: { ...emptyProps, empty: { kind: 'account' }, onRefresh } })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });

  it('offers the audit log only where canAudit allows, and hands each action its push', () => {
    const p = props({ selected: new Set(['door1']) });
    render(<PushList {...p} />);
    const [first, second] = screen.getAllByRole('article');
    for (const row of [first!, second!])
      fireEvent.click(within(row).getByRole('button', { name: /^Details/ }));
    expect(within(second!).queryByRole('button', { name: 'Audit log' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Audit log' }));
    expect(p.actions.toggleAudit).toHaveBeenCalledWith('door1', 'https://push.example');
    fireEvent.click(within(second!).getByRole('checkbox', { name: 'Select Bank' }));
    expect(p.actions.select).toHaveBeenCalledWith('bank2', true);
    expect((within(first!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(second!).getByRole('button', { name: 'Expire' }));
    expect(p.actions.expire).toHaveBeenCalledWith(bank);
  });

  it('renders a long list a step at a time, and more on request', () => {
    const many = Array.from({ length: ROWS_PER_STEP * 2 + 10 }, (_, i) =>
      trackedPush({ url_token: `t${i}`, name: `Push ${i}` }),
    );
    render(<PushList {...props({ shown: many })} />);
    expect(screen.getAllByRole('article')).toHaveLength(ROWS_PER_STEP);
    expect(screen.getByText(`Showing ${ROWS_PER_STEP} of ${many.length}.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('article')).toHaveLength(many.length);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('keeps a row and its open details when the list around it changes', () => {
    const p = props();
    const { rerender } = render(<PushList {...p} />);
    const row = screen.getByRole('article', { name: 'Door code' });
    fireEvent.click(within(row).getByRole('button', { name: /^Details/ }));
    // Same push objects, same actions: the row keeps its DOM and its state (details still open).
    rerender(<PushList {...p} shown={[door]} />);
    expect(screen.getByRole('article', { name: 'Door code' })).toBe(row);
    expect(within(row).getByRole('list', { name: 'Details' })).toBeTruthy();
  });
});
