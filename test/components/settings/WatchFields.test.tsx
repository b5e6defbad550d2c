import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchFields } from '@/components/settings/WatchFields';
import { DEFAULT_WATCH_SETTINGS } from '@/lib/settings';

afterEach(cleanup);

describe('WatchFields', () => {
  it('offers the refresh intervals and shows the chosen one', () => {
    render(<WatchFields value={{ ...DEFAULT_WATCH_SETTINGS, intervalMinutes: 15 }} onChange={() => {}} />);
    const select = screen.getByLabelText('Check for views') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Every minute',
      'Every 5 minutes',
      'Every 15 minutes',
      'Every 60 minutes',
    ]);
    expect(select.value).toBe('15');
  });

  it('reports a new interval as a number', () => {
    const onChange = vi.fn();
    render(<WatchFields value={DEFAULT_WATCH_SETTINGS} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Check for views'), { target: { value: '60' } });
    expect(onChange).toHaveBeenCalledWith({ intervalMinutes: 60 });
  });

  it('turns notifications off', () => {
    const onChange = vi.fn();
    render(<WatchFields value={DEFAULT_WATCH_SETTINGS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Notify me/ }));
    expect(onChange).toHaveBeenCalledWith({ notifications: false });
  });

  it('shows an interval the organization sets, among the choices if it is not one, disabled with a line', () => {
    render(
      <WatchFields
        value={{ ...DEFAULT_WATCH_SETTINGS, intervalMinutes: 30 }}
        managedInterval
        onChange={() => {}}
      />,
    );
    const select = screen.getByLabelText('Check for views') as HTMLSelectElement;
    expect(select.value).toBe('30');
    expect(select.disabled).toBe(true);
    expect(screen.getByText('Set by your organization.')).toBeTruthy();
  });

  it('lets the badge count active pushes', () => {
    const onChange = vi.fn();
    render(<WatchFields value={DEFAULT_WATCH_SETTINGS} onChange={onChange} />);
    expect(
      (screen.getByRole('radio', { name: 'New events I have not seen' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Active pushes' }));
    expect(onChange).toHaveBeenCalledWith({ badge: 'active' });
  });
});
