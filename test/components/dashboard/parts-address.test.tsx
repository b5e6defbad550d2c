/**
 * A row the page's address names, in a page that has not loaded its details part yet
 * (components/dashboard/parts.ts): focus lands on the row once its details are there, never before.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { PUSH_DETAILS } from '@/components/dashboard/parts';
import { PushItem } from '@/components/dashboard/PushItem';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

it('focuses the row its address names once its details have arrived', async () => {
  expect(PUSH_DETAILS.loaded()).toBeUndefined();
  // Whether the details show as soon as the focus's own task is done (the row renders them in a microtask).
  const detailsAtFocus: boolean[] = [];
  const onFocus = (event: FocusEvent) =>
    setTimeout(() =>
      detailsAtFocus.push(Boolean((event.target as HTMLElement).querySelector('.push-details'))),
    );
  document.addEventListener('focusin', onFocus);
  render(
    <PushItem
      push={trackedPush()}
      now={NOW}
      selected={false}
      audit={{ state: 'hidden' }}
      canAudit
      hasToken
      renderQr={vi.fn()}
      actions={{ select: vi.fn(), toggleAudit: vi.fn(), copyLink: vi.fn(), open: vi.fn(), expire: vi.fn() }}
      focused
    />,
  );
  const row = screen.getByRole('article', { name: 'Wi-Fi password' });
  await waitFor(() => expect(document.activeElement).toBe(row));
  await screen.findByRole('list', { name: 'Details' });
  await waitFor(() => expect(detailsAtFocus).toHaveLength(1));
  document.removeEventListener('focusin', onFocus);
  // Focused once, with the Expire and the other details already in the row.
  expect(detailsAtFocus).toEqual([true]);
});
