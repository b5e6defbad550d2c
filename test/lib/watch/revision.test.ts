/** The watch revision pages follow: every bump is heard, also two at the same moment (issue 40). */
import { expect, it } from 'vitest';
import { bumpRevision } from '@/lib/watch/revision';
import { watchRevisionItem } from '@/lib/store';

it('gives every bump a value of its own, so a follower hears each, also three at the same moment', async () => {
  const heard: number[] = [];
  const unwatch = watchRevisionItem.watch((value) => heard.push(value));
  const before = await watchRevisionItem.getValue();
  const bumped = await Promise.all([bumpRevision(), bumpRevision(), bumpRevision()]);
  unwatch();
  expect(new Set([before, ...bumped]).size).toBe(4);
  expect(heard).toEqual(bumped);
  expect(bumped).toContain(await watchRevisionItem.getValue());
});
