/**
 * Erasing what expired, on its own: the backend does it before every request, and the extension's
 * background does it on the watcher's alarm (lib/demo/erase.ts), so a demo push's payload is gone when its
 * time is up even if no request ever reaches the demo service again (issue 18).
 */
import { erase } from './model';
import type { MockStore } from './store';

/**
 * Erases every push whose expiry instant has passed (payload, passphrase and file bytes; the record stays,
 * expired, as on the real server), with no audit entry, as a read of it would. Returns how many it erased.
 */
export function eraseDue(store: MockStore, now: number): Promise<number> {
  return store.expireDue(now, (push) => erase(push, now, push.expires_at));
}
