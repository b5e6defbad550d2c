import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown } from '@/components/dashboard/format';
import { useNow } from '@/components/useNow';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const START = Date.parse('2026-01-01T12:00:00Z');

function Countdown({ clock }: { clock: () => number }) {
  const now = useNow(1000, clock);
  return <p>{formatCountdown('2026-01-01T12:00:03Z', now)}</p>;
}

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('ticks every second, so a countdown counts down live', () => {
    let time = START;
    const clock = () => time;
    render(<Countdown clock={clock} />);
    expect(screen.getByText('3s')).toBeTruthy();
    for (const expected of ['2s', '1s', '0s']) {
      time += 1000;
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByText(expected)).toBeTruthy();
    }
  });

  it('stops ticking once unmounted', () => {
    const clock = vi.fn(() => START);
    const { unmount } = render(<Countdown clock={clock} />);
    unmount();
    const calls = clock.mock.calls.length;
    vi.advanceTimersByTime(5000);
    expect(clock.mock.calls.length).toBe(calls);
  });
});
