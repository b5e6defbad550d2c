import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_GAP_MS, announce } from '@/components/announce';

let region: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  region = document.body.appendChild(document.createElement('div'));
  region.id = 'sp-live';
});
afterEach(() => {
  region.remove();
  vi.useRealTimers();
});

describe('announce', () => {
  it('writes the words into the page’s live region after a short silence', () => {
    region.textContent = 'Link copied';
    announce('1 push expired');
    expect(region.textContent).toBe('');
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(region.textContent).toBe('1 push expired');
  });

  it('says the same words again when the same result comes twice', () => {
    announce('Link copied');
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    announce('Link copied');
    expect(region.textContent).toBe('');
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(region.textContent).toBe('Link copied');
  });

  it('says only the last of two results given in the same moment', () => {
    announce('Refreshing');
    announce('Refreshed');
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(region.textContent).toBe('Refreshed');
  });

  it('says nothing on a page without the region', () => {
    region.remove();
    expect(() => announce('Link copied')).not.toThrow();
  });
});
