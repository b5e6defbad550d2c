import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushList, type PushListProps } from '@/components/dashboard/PushList';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

const door = trackedPush({ url_token: 'door1', name: 'Door code' });
const bank = trackedPush({ url_token: 'bank2', name: 'Bank', source: 'local' });

function props(overrides: Partial<PushListProps> = {}): PushListProps {
  return {
    pushes: [door, bank],
    shown: [door, bank],
    now: NOW,
    selected: new Set(),
    audits: {},
    canAudit: (push) => push.source === 'server',
    hasToken: true,
    renderQr: async () => '<svg/>',
    actions: { select: vi.fn(), toggleAudit: vi.fn(), copyLink: vi.fn(), open: vi.fn(), expire: vi.fn() },
    ...overrides,
  };
}

describe('PushList', () => {
  it.each([
    [{ pushes: null, shown: [] }, 'Loading…'],
    [{ pushes: [], shown: [] }, 'No pushes sent from this browser yet.'],
    [{ shown: [] }, 'No push matches the filters.'],
  ] satisfies Array<[Partial<PushListProps>, string]>)('says why no push is listed', (overrides, words) => {
    render(<PushList {...props(overrides)} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers the audit log only where canAudit allows, and hands each action its push', () => {
    const p = props({ selected: new Set(['door1']) });
    render(<PushList {...p} />);
    const [first, second] = screen.getAllByRole('article');
    expect(within(second!).queryByRole('button', { name: 'Audit log' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Audit log' }));
    expect(p.actions.toggleAudit).toHaveBeenCalledWith('door1');
    fireEvent.click(within(second!).getByRole('checkbox', { name: 'Select Bank' }));
    expect(p.actions.select).toHaveBeenCalledWith('bank2', true);
    expect((within(first!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(second!).getByRole('button', { name: 'Expire' }));
    expect(p.actions.expire).toHaveBeenCalledWith(bank);
  });
});
