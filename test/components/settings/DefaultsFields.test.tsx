import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefaultsFields } from '@/components/settings/DefaultsFields';
import { DURATIONS } from '@/lib/durations';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

function setup(edition?: 'pro' | 'oss', errors = {}) {
  const onChange = vi.fn();
  render(
    <DefaultsFields value={DEFAULT_PUSH_DEFAULTS} edition={edition} errors={errors} onChange={onChange} />,
  );
  return onChange;
}

describe('DefaultsFields', () => {
  it('offers the 18 durations by label on pro', () => {
    setup('pro');
    const select = screen.getByLabelText('Expire after');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(
      DURATIONS.map((d) => d.label),
    );
    expect(screen.queryByLabelText('Expire after days')).toBeNull();
  });

  it('asks for days from 1 to 90 on oss', () => {
    setup('oss');
    const days = screen.getByLabelText('Expire after days');
    expect([days.getAttribute('min'), days.getAttribute('max')]).toEqual(['1', '90']);
    expect(screen.queryByLabelText('Expire after')).toBeNull();
  });

  it('shows both expiry fields while the edition is unknown', () => {
    setup();
    expect(screen.getByLabelText('Expire after (pwpush.com and Pro servers)')).toBeTruthy();
    expect(screen.getByLabelText('Expire after days (open-source servers)')).toBeTruthy();
  });

  it('reports a chosen duration, views and switches', () => {
    const onChange = setup('pro');
    fireEvent.change(screen.getByLabelText('Expire after'), { target: { value: '3' } });
    fireEvent.input(screen.getByLabelText('Expire after views'), { target: { value: '9' } });
    fireEvent.click(screen.getByLabelText('Ask for a passphrase'));
    fireEvent.click(screen.getByLabelText('Deletable by viewer'));
    expect(onChange.mock.calls).toEqual([
      [{ expireAfterDuration: 3 }],
      [{ expireAfterViews: 9 }],
      [{ passphrase: true }],
      [{ deletableByViewer: false }],
    ]);
  });

  it('turns an emptied number field into NaN for the rules to reject', () => {
    const onChange = setup('oss');
    fireEvent.input(screen.getByLabelText('Expire after days'), { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith({ expireAfterDays: Number.NaN });
  });

  it('shows a range error under its field', () => {
    setup('oss', { expireAfterViews: 'Views: enter a whole number from 1 to 100.' });
    expect(screen.getByText('Views: enter a whole number from 1 to 100.')).toBeTruthy();
  });
});
