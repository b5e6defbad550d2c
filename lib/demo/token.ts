import { AppError } from '@/lib/errors';
import { demoTokenItem } from '@/lib/store/items';
import { bytesToBase64 } from '@/lib/messages/wire';

const TOKEN_BYTES = 32;

/** A crypto-random token, base64url without padding (like the mock's own tokens). */
export function newDemoToken(random: (bytes: number) => Uint8Array = defaultRandom): string {
  return bytesToBase64(random(TOKEN_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function defaultRandom(bytes: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(bytes));
}

// Two callers at once (onInstalled and a first request) must not create two different tokens.
let pending: Promise<string> | undefined;

/**
 * Returns the demo user's token, creating and storing it on first use. Read from storage every time (not
 * cached in a global) so that a restarted worker, or a cleared storage, is handled the same way.
 */
export function ensureDemoToken(random?: (bytes: number) => Uint8Array): Promise<string> {
  pending ??= (async () => {
    const existing = await demoTokenItem.getValue();
    if (existing) return existing;
    await demoTokenItem.setValue(newDemoToken(random));
    // Another context (the background's onInstalled, a page) may have written its own token at the same
    // moment; whichever write landed last is the token, so return what storage holds.
    const stored = await demoTokenItem.getValue();
    if (!stored) throw new AppError('internal', 'The demo token could not be saved.');
    return stored;
  })().finally(() => {
    pending = undefined;
  });
  return pending;
}
