import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpireAllDialog } from '@/components/dashboard/ExpireAllDialog';
import type { ExpireScope } from '@/lib/expire-all';

afterEach(cleanup);

const A = 'https://a.example';
const B = 'https://b.example:8443';
const HOUR: ExpireScope = { servers: null, window: 'hour' };

function show(props: Partial<Parameters<typeof ExpireAllDialog>[0]> = {}) {
  const on = { onChange: vi.fn(), onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ExpireAllDialog scope={HOUR} servers={[A, B]} count={40} countServers={[A, B]} {...on} {...props} />,
  );
  return { on, dialog: screen.getByRole('alertdialog', { name: 'Expire everything?' }) };
}

describe('ExpireAllDialog', () => {
  it('names the count and the servers, and confirms with the count', () => {
    const { on, dialog } = show();
    expect(dialog.textContent).toContain(
      '40 pushes on a.example and b.example:8443 stop working at once for everyone. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expire 40 pushes' }));
    expect(on.onConfirm).toHaveBeenCalledTimes(1);
  });

  it('starts on Cancel, the safe answer', () => {
    const { dialog } = show();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('changes the window and the server', () => {
    const { on, dialog } = show();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Pushes made' }), {
      target: { value: 'today' },
    });
    expect(on.onChange).toHaveBeenLastCalledWith({ servers: null, window: 'today' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Server' }), { target: { value: B } });
    expect(on.onChange).toHaveBeenLastCalledWith({ servers: [B], window: 'hour' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Server' }), { target: { value: '' } });
    expect(on.onChange).toHaveBeenLastCalledWith({ servers: null, window: 'hour' });
  });

  it('offers no choice of server with one saved, and no Expire when nothing is there to expire', () => {
    const { dialog } = show({ servers: [A], count: 0, countServers: [] });
    expect(within(dialog).queryByRole('combobox', { name: 'Server' })).toBeNull();
    expect(dialog.textContent).toContain('No active push to expire here.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
  });
});
