import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PolicyNotice } from '@/components/settings/PolicyNotice';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const NOTES = [
  { key: 'serverURL', value: '"https://a.example"' },
  { key: 'defaults.expireAfterDays', value: '500' },
];

describe('PolicyNotice', () => {
  it('lists each ignored value and says how many more there are', () => {
    render(<PolicyNotice managed={false} notes={NOTES} notesLeftOff={9980} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('And 9,980 more ignored values.')).toBeTruthy();
  });

  it('says "more" in the singular for one', () => {
    render(<PolicyNotice managed={false} notes={NOTES} notesLeftOff={1} />);
    expect(screen.getByText('And 1 more ignored value.')).toBeTruthy();
  });

  it('says nothing of more when every ignored value is listed', () => {
    render(<PolicyNotice managed={false} notes={NOTES} />);
    expect(screen.queryByText(/more ignored/)).toBeNull();
  });
});
