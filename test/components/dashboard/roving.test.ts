import { describe, expect, it } from 'vitest';
import { rowMove, stopMove, tabStopIndex } from '@/components/dashboard/roving';

describe('rowMove', () => {
  it.each([
    ['ArrowDown', 3, 10, 4],
    ['ArrowDown', 9, 10, 9],
    ['ArrowUp', 3, 10, 2],
    ['ArrowUp', 0, 10, 0],
    ['Home', 7, 10, 0],
    ['End', 2, 10, 9],
    ['End', 0, 1, 0],
  ])('%s from row %i of %i goes to row %i (no wrap)', (key, index, count, to) => {
    expect(rowMove(key, index, count)).toBe(to);
  });

  it.each(['ArrowLeft', 'ArrowRight', 'Tab', ' ', 'Enter', 'a'])('leaves %j to others', (key) => {
    expect(rowMove(key, 3, 10)).toBeNull();
  });

  it('moves nowhere in an empty list', () => {
    expect(rowMove('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('stopMove', () => {
  it.each([
    ['ArrowRight', 0, 4, false, 1],
    ['ArrowRight', 3, 4, false, 3],
    ['ArrowLeft', 2, 4, false, 1],
    ['ArrowLeft', 0, 4, false, 0],
    // Right to left (Arabic): the line runs leftwards, and so does "on".
    ['ArrowLeft', 0, 4, true, 1],
    ['ArrowRight', 2, 4, true, 1],
    // Focus on no stop the row knows: back to the row itself.
    ['ArrowLeft', -1, 4, false, 0],
  ])('%s from stop %i of %i (rtl %s) goes to stop %i', (key, index, count, rtl, to) => {
    expect(stopMove(key, index, count, rtl)).toBe(to);
  });

  it.each(['ArrowUp', 'ArrowDown', 'Home', 'End', ' ', 'Enter'])('leaves %j to others', (key) => {
    expect(stopMove(key, 1, 4, false)).toBeNull();
  });
});

describe('tabStopIndex', () => {
  it('is the row last focused while it is listed', () => {
    expect(tabStopIndex(['a', 'b', 'c'], 'c')).toBe(2);
  });

  it('is the first row before any was focused, or once the focused one is filtered out or gone', () => {
    expect(tabStopIndex(['a', 'b'], null)).toBe(0);
    expect(tabStopIndex(['a', 'b'], 'gone')).toBe(0);
  });

  it('is no row in an empty list', () => {
    expect(tabStopIndex([], 'a')).toBe(-1);
  });
});
