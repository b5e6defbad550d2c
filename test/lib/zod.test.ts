import { describe, expect, it } from 'vitest';
import { buildNow } from '@/lib/lazy';
import { lazySchema, memo, z } from '@/lib/zod';

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

  it('builds a lazy schema once, on its first use, and it parses, composes and refuses as the schema itself', () => {
    let builds = 0;
    const point = lazySchema(() => (builds++, z.object({ x: z.number() })));
    const line = lazySchema(() => z.object({ from: point, to: point }));
    const list = z.array(point);
    expect(builds).toBe(0);
    expect(z.safeParse(line, { from: { x: 1 }, to: { x: 2, y: 3 } }).data).toEqual({
      from: { x: 1 },
      to: { x: 2 },
    });
    expect(point.safeParse({ x: 'one' }).error?.issues[0]?.path).toEqual(['x']);
    expect(z.safeParse(list, [{ x: 1 }, {}]).success).toBe(false);
    expect(z.safeParse(z.extend(point, { y: z.string() }), { x: 1, y: 'b' }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('buildNow builds a lazy schema ahead of its first use, once, and leaves any other object as it is', () => {
    let builds = 0;
    const point = lazySchema(() => (builds++, z.object({ x: z.number() })));
    buildNow(point);
    expect(builds).toBe(1);
    expect(z.safeParse(point, { x: 1 }).data).toEqual({ x: 1 });
    buildNow(point);
    expect(builds).toBe(1);
    const plain = { x: 1 };
    buildNow(plain);
    expect(plain).toEqual({ x: 1 });
  });

  it('memo builds its value once, on the first call', () => {
    let builds = 0;
    const fields = memo(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    expect(fields()).toBe(fields());
    expect(builds).toBe(1);
  });
});
