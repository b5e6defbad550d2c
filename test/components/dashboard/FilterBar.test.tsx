import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '@/components/dashboard/filter';
import { FilterBar } from '@/components/dashboard/FilterBar';

afterEach(cleanup);

describe('FilterBar', () => {
  it('reports what is typed in the search box', () => {
    const onChange = vi.fn();
    render(<FilterBar filters={DEFAULT_FILTERS} onChange={onChange} />);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'door' } });
    expect(onChange).toHaveBeenCalledWith({ query: 'door' });
  });

  it.each([
    ['Active', 'active'],
    ['Expired', 'expired'],
  ] as const)('chooses "%s"', (name, state) => {
    const onChange = vi.fn();
    render(<FilterBar filters={DEFAULT_FILTERS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name }));
    expect(onChange).toHaveBeenCalledWith({ state });
  });

  it('marks the current state filter', () => {
    render(<FilterBar filters={{ ...DEFAULT_FILTERS, state: 'expired' }} onChange={vi.fn()} />);
    expect((screen.getByRole('radio', { name: 'Expired' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(false);
  });

  it('narrows to pushes with a passphrase', () => {
    const onChange = vi.fn();
    render(<FilterBar filters={DEFAULT_FILTERS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'With passphrase only' }));
    expect(onChange).toHaveBeenCalledWith({ passphraseOnly: true });
  });
});
