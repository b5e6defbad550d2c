// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatSize } from '@/lib/push/size';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
