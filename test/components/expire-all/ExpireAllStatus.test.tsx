import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpireAllStatus, type ExpireAllView } from '@/components/expire-all/ExpireAllStatus';

afterEach(cleanup);

const running: ExpireAllView = {
  running: true,
  total: 40,
  handled: 12,
  expired: 12,
  waitingUntil: null,
  failed: [],
};

describe('ExpireAllStatus', () => {
  it('shows the progress as "12 of 40" with a bar, and the wait when the server asked for one', () => {
    const { rerender } = render(<ExpireAllStatus run={running} onDismiss={vi.fn()} />);
    const bar = screen.getByRole('progressbar', { name: /Expiring everything: 12 of 40/ });
    expect(bar.getAttribute('value')).toBe('12');
    expect(bar.getAttribute('max')).toBe('40');
    rerender(<ExpireAllStatus run={{ ...running, waitingUntil: '14:02:10' }} onDismiss={vi.fn()} />);
    expect(screen.getByText('The server asked to wait; going on at 14:02:10.')).toBeTruthy();
  });

  it('shows the result with each push it could not expire and why, takes the focus, and dismisses', () => {
    const onDismiss = vi.fn();
    const { rerender, container } = render(<ExpireAllStatus run={running} onDismiss={onDismiss} />);
    const done: ExpireAllView = {
      ...running,
      running: false,
      handled: 40,
      expired: 39,
      failed: [{ title: 'Door code', reason: 'The push was not found.' }],
    };
    rerender(<ExpireAllStatus run={done} onDismiss={onDismiss} />);
    expect(container.textContent).toContain('Expire everything: 39 of 40 expired.');
    expect(container.textContent).toContain('1 push was not expired:');
    expect(screen.getByRole('listitem').textContent).toBe('Door code: The push was not found.');
    expect(document.activeElement).toBe(container.querySelector('.expire-all'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a page opened on a finished run keeps its focus, and shows nothing without a run', () => {
    const { container, rerender } = render(
      <ExpireAllStatus run={{ ...running, running: false, handled: 40, expired: 40 }} onDismiss={vi.fn()} />,
    );
    expect(container.textContent).toContain('Expire everything: 40 of 40 expired.');
    expect(document.activeElement).toBe(document.body);
    rerender(<ExpireAllStatus run={null} onDismiss={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
