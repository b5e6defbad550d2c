import { describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';

describe('lib/zod', () => {
  it('words issues in English, as classic zod did (zod/mini loads no locale by itself)', () => {
    const parsed = z.safeParse(z.object({ on: z.boolean() }), { on: 'yes' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Invalid input: expected boolean, received string',
    ]);
  });

  it('keeps a check’s own words where a schema gives them', () => {
    const whole = z.number().check(z.int({ error: () => 'whole days' }));
    expect(z.safeParse(whole, 2.5).error?.issues[0]?.message).toBe('whole days');
  });
});
