/** The watch revision pages follow: every bump counts, also two at the same moment (issue 40's lock). */
import { expect, it } from 'vitest';
import { bumpRevision } from '@/lib/watch/revision';
import { watchRevisionItem } from '@/lib/store';

it('counts every bump when two contexts bump at the same moment', async () => {
  const before = await watchRevisionItem.getValue();
  const bumped = await Promise.all([bumpRevision(), bumpRevision(), bumpRevision()]);
  expect(bumped.sort()).toEqual([before + 1, before + 2, before + 3]);
  expect(await watchRevisionItem.getValue()).toBe(before + 3);
});
