import { shared } from '@/lib/async';
import { readSettings, saveSettings } from '@/lib/settings';
import { bytesToBase64 } from '@/lib/messages/wire';
import { sendMessage } from '@/lib/messages/runtime';
import { demoMessages } from './messages';

const TOKEN_BYTES = 32;

/** A crypto-random token, base64url without padding (like the mock's own tokens). */
export function newDemoToken(random: (bytes: number) => Uint8Array = defaultRandom): string {
  return bytesToBase64(random(TOKEN_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function defaultRandom(bytes: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(bytes));
}

// Two callers in the background at once (onInstalled and a page's first request) share one creation; not
// kept once settled, so that the next call reads storage again.
const creation = shared(
  async () => {
    const { demoToken: existing } = await readSettings();
    if (existing) return existing;
    const token = newDemoToken();
    await saveSettings({ type: 'demoToken', token });
    return token;
  },
  { keep: false },
);

/**
 * BACKGROUND ONLY: returns the demo user's token, creating and storing it on first use. The background is
 * the token's one writer (pages ask it through demoToken()), so this in-flight promise is the only guard a
 * concurrent first use needs. Read from storage every time (not cached in a global) so that a restarted
 * worker, or a cleared storage, is handled the same way.
 */
export function ensureDemoToken(): Promise<string> {
  return creation();
}

type TokenSource = () => Promise<string>;

// A context cannot message itself: the background registers ensureDemoToken here at startup; everywhere
// else this stays undefined and a missing token is asked for over messaging.
let localSource: TokenSource | undefined;

/** Called by the background entry on every start (like setLocalDemoRoute). */
export function setLocalDemoTokenSource(source: TokenSource | undefined): void {
  localSource = source;
}

/**
 * The demo token for any context: the stored one, else the background creates it (pages never write it,
 * so a page and the background can no longer store two different tokens).
 */
export async function demoToken(): Promise<string> {
  const { demoToken: stored } = await readSettings();
  if (stored) return stored;
  return localSource ? localSource() : sendMessage(demoMessages.token, undefined);
}
