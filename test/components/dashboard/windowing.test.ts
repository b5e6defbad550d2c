import { describe, expect, it } from 'vitest';
import { placeRows, rowOffsets, rowsBetween } from '@/components/dashboard/windowing';

const keys = ['a', 'b', 'c', 'd', 'e'];

describe('rowOffsets', () => {
  it('adds measured heights and estimates the rows not measured yet', () => {
    const offsets = rowOffsets(keys, new Map([['b', 100]]), 40);
    expect([...offsets]).toEqual([0, 40, 140, 180, 220, 260]);
  });
});

describe('rowsBetween', () => {
  const offsets = rowOffsets(keys, new Map([['b', 100]]), 40); // 0 40 140 180 220 260

  it.each([
    [0, 50, { start: 0, end: 2 }],
    // A row whose bottom is exactly at the band's top is not on screen, nor one whose top is at its bottom.
    [40, 140, { start: 1, end: 2 }],
    [150, 190, { start: 2, end: 4 }],
    [-400, 10, { start: 0, end: 1 }],
    [250, 900, { start: 4, end: 5 }],
    [300, 900, { start: 5, end: 5 }],
    [-400, -10, { start: 0, end: 0 }],
  ])('rows shown from %d px to %d px: %o', (top, bottom, expected) => {
    expect(rowsBetween(offsets, top, bottom)).toEqual(expected);
  });

  it('finds the rows of a band among 10,000', () => {
    const many = rowOffsets(
      Array.from({ length: 10_000 }, (_, i) => `k${i}`),
      new Map(),
      41,
    );
    expect(rowsBetween(many, 41 * 5000 + 1, 41 * 5010)).toEqual({ start: 5000, end: 5010 });
  });

  it('shows nothing of an empty list', () => {
    expect(rowsBetween(rowOffsets([], new Map(), 40), 0, 800)).toEqual({ start: 0, end: 0 });
  });
});

describe('placeRows', () => {
  const offsets = rowOffsets(keys, new Map(), 40); // 0 40 80 120 160 200

  it('puts the room of the rows left out above the first and below the last', () => {
    expect(placeRows(offsets, { start: 1, end: 3 }, [])).toEqual({
      rows: [
        { index: 1, gap: 40 },
        { index: 2, gap: 0 },
      ],
      after: 80,
    });
  });

  it('places a kept row where it belongs, before or after the range, once', () => {
    expect(placeRows(offsets, { start: 2, end: 3 }, [4, 0, 2, -1, 9])).toEqual({
      rows: [
        { index: 0, gap: 0 },
        { index: 2, gap: 40 },
        { index: 4, gap: 40 },
      ],
      after: 0,
    });
  });
});
