import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpireDialog } from '@/components/dashboard/ExpireDialog';
import { trackedPush } from './tracked-push';

afterEach(cleanup);

const door = trackedPush({ url_token: 'door1', name: 'Door code' });
const bank = trackedPush({ url_token: 'bank2', name: 'Bank' });

describe('ExpireDialog', () => {
  it('names the one push it asks about', () => {
    const onConfirm = vi.fn();
    render(<ExpireDialog pushes={[door]} onConfirm={onConfirm} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Expire Door code?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expire push' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('counts several pushes', () => {
    render(<ExpireDialog pushes={[door, bank]} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Expire 2 pushes?' });
    expect(within(dialog).getByRole('button', { name: 'Expire 2 pushes' })).toBeTruthy();
  });

  it('shows nothing without a push to ask about', () => {
    render(<ExpireDialog pushes={[]} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
