import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionBar, type SelectionBarProps } from '@/components/dashboard/SelectionBar';

afterEach(cleanup);

function props(overrides: Partial<SelectionBarProps> = {}): SelectionBarProps {
  return {
    selected: 0,
    shown: 3,
    busy: false,
    onSelectAll: vi.fn(),
    onExpireSelected: vi.fn(),
    ...overrides,
  };
}

describe('SelectionBar', () => {
  it('cannot expire while nothing is selected', () => {
    render(<SelectionBar {...props()} />);
    expect(screen.getByRole('button', { name: 'Expire selected' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('expires the selected pushes', () => {
    const p = props({ selected: 2 });
    render(<SelectionBar {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire selected' }));
    expect(p.onExpireSelected).toHaveBeenCalledTimes(1);
  });

  it('selects and clears all shown pushes', () => {
    const p = props({ selected: 3 });
    render(<SelectionBar {...p} />);
    const all = screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(p.onSelectAll).toHaveBeenCalledWith(false);
  });

  it('reports how many expired and each failure with its reason', () => {
    render(
      <SelectionBar
        {...props({
          report: {
            expired: 2,
            failed: [{ title: 'Bank', reason: 'This push belongs to another account.' }],
          },
        })}
      />,
    );
    expect(screen.getByText('2 pushes expired.')).toBeTruthy();
    expect(document.querySelector('.expire-report .error')!.textContent).toBe(
      '1 push was not expired:Bank: This push belongs to another account.',
    );
  });

  it('moves focus to a new report, so it never falls to the page when the Expire button goes', () => {
    const { rerender } = render(<SelectionBar {...props()} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<SelectionBar {...props({ report: { expired: 1, failed: [] } })} />);
    expect(document.activeElement).toBe(document.querySelector('.expire-report'));
    // A report is no status region created with its words: useExpire says them through the live region.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
