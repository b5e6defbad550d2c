import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoBanner } from '@/components/DemoBanner';
import { DemoModeSwitch } from '@/components/settings/DemoModeSwitch';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

describe('DemoModeSwitch', () => {
  it.each([true, false])('is a switch named "Demo mode" that is checked: %s', (on) => {
    render(<DemoModeSwitch on={on} onToggle={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Demo mode' }).getAttribute('aria-checked')).toBe(String(on));
  });

  it('asks for the opposite state when clicked', () => {
    const onToggle = vi.fn();
    render(<DemoModeSwitch on onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Demo mode' }));
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('says why it did not switch', () => {
    render(<DemoModeSwitch on error="Save a server first." onToggle={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('Save a server first.');
  });
});

// DemoBanner lives in components/ (shared by every page); its test sits here with the settings components.
describe('DemoBanner', () => {
  it('says that demo mode is on and pushes stay in this browser', () => {
    render(<DemoBanner />);
    // A lasting state, shown on the page: not a status region, which would speak it on every page load.
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('.demo-banner')?.textContent).toBe(
      'Demo mode is on — pushes stay in this browser.',
    );
  });

  it('links to the settings when given where they are', () => {
    render(<DemoBanner settingsHref="options.html" />);
    expect(screen.getByRole('link', { name: 'Use a real server' }).getAttribute('href')).toBe('options.html');
  });
});
