import { act, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS, useFlash } from '@/components/useFlash';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useFlash', () => {
  it('shows a value for FLASH_MS, then goes back to undefined', () => {
    const { result } = renderHook(() => useFlash<'yes' | 'failed'>());
    expect(result.current[0]).toBeUndefined();
    act(() => result.current[1]('failed'));
    expect(result.current[0]).toBe('failed');
    act(() => {
      vi.advanceTimersByTime(FLASH_MS - 1);
    });
    expect(result.current[0]).toBe('failed');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBeUndefined();
  });

  it('restarts the moment when another value is set while one shows', () => {
    const { result } = renderHook(() => useFlash<'yes' | 'failed'>());
    act(() => result.current[1]('failed'));
    act(() => {
      vi.advanceTimersByTime(FLASH_MS - 10);
    });
    act(() => result.current[1]('yes'));
    act(() => {
      vi.advanceTimersByTime(FLASH_MS - 1);
    });
    expect(result.current[0]).toBe('yes');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBeUndefined();
  });
});
