import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearIfUnchanged, createClipboardClearer, type ClipboardAccess } from '@/lib/clipboard/clearer';
import { clipboardHash } from '@/lib/clipboard/hash';
import { trackDigests } from './settle';

/** A clipboard in memory: what the clearer reads and empties. */
function memoryClipboard(initial: string | null) {
  const board = { text: initial, clears: 0 };
  const access: ClipboardAccess = {
    read: async () => board.text,
    clear: async () => {
      board.text = '';
      board.clears += 1;
    },
  };
  return { board, access };
}

describe('clipboardHash', () => {
  it('is the SHA-256 of the UTF-8 text, in hex', async () => {
    expect(await clipboardHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('clearIfUnchanged', () => {
  it('clears a clipboard that still holds what we copied', async () => {
    const { board, access } = memoryClipboard('hunter2');
    expect(await clearIfUnchanged(await clipboardHash('hunter2'), access)).toBe(true);
    expect(board.text).toBe('');
  });

  it('leaves a clipboard the user has copied something else to since', async () => {
    const { board, access } = memoryClipboard('the user’s own text');
    expect(await clearIfUnchanged(await clipboardHash('hunter2'), access)).toBe(false);
    expect(board).toEqual({ text: 'the user’s own text', clears: 0 });
  });

  it.each([null, ''])('never clears blindly when the clipboard reads as %j', async (text) => {
    const { board, access } = memoryClipboard(text);
    expect(await clearIfUnchanged(await clipboardHash('hunter2'), access)).toBe(false);
    expect(board.clears).toBe(0);
  });
});

describe('createClipboardClearer', () => {
  let settled: () => Promise<void>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    settled = trackDigests();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clears after the chosen delay, not before', async () => {
    const { board, access } = memoryClipboard('hunter2');
    createClipboardClearer(access).schedule(await clipboardHash('hunter2'), 30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    await settled();
    expect(board.text).toBe('hunter2');
    await vi.advanceTimersByTimeAsync(1);
    await settled();
    expect(board.text).toBe('');
  });

  it('keeps one pending clear: a newer copy replaces the earlier one', async () => {
    const { board, access } = memoryClipboard('second');
    const clearer = createClipboardClearer(access);
    clearer.schedule(await clipboardHash('first'), 30_000);
    clearer.schedule(await clipboardHash('second'), 60_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled();
    expect(board.text).toBe('second');
    await vi.advanceTimersByTimeAsync(30_000);
    await settled();
    expect(board).toEqual({ text: '', clears: 1 });
  });

  it('reports a clear that failed instead of throwing from the timer', async () => {
    const report = vi.fn();
    const failure = new Error('refused');
    const access: ClipboardAccess = { read: async () => 'x', clear: () => Promise.reject(failure) };
    createClipboardClearer({ ...access, report }).schedule(await clipboardHash('x'), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await settled();
    expect(report).toHaveBeenCalledWith('Could not clear the clipboard', failure);
  });
});
