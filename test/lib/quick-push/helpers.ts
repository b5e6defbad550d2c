import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultRandom, generatePassphrase } from '@/lib/generator/passphrase';
import { handoffStore } from '@/lib/handoff';
import { DEFAULT_PUSH_DEFAULTS, type Policy, type Preset, type PushDefaults } from '@/lib/settings';
import { sessionHeldLinks, sessionHeldPushes } from '@/lib/quick-push/held';
import { fetchImage } from '@/lib/quick-push/image';
import { browserNotifier, type NotificationOptions } from '@/lib/quick-push/notifier';
import type { QuickPushDeps } from '@/lib/quick-push/pusher';
import { recordCreatedPush } from '@/lib/watch/record';
import { pendingCreates } from '@/lib/interrupted/pending';
import { interruptedEntries } from '@/lib/store';
import { IDBFactory } from 'fake-indexeddb';
import { closeWatchDb } from '@/lib/watch/db';
import { ALICE, BASE, harness, type Harness } from '../api/harness';
import { signInAlice } from '../watch/helpers';

/** A tiny PNG (1×1, red): real image bytes the mock stores and serves back. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

export interface Rig {
  deps: QuickPushDeps;
  clipboard: string[];
  reported: unknown[];
  /** What the fake image server was asked for, with the init the extension passed. */
  imageRequests: Array<{ url: string; init?: RequestInit }>;
}

/**
 * Dependencies for the quick pusher: the real client against the in-process mock (harness), WXT's
 * fakeBrowser for notifications and storage.session, the real recorder on fake-indexeddb, and a fake image
 * server that answers PNG_BYTES for any address.
 */
export function rig(
  h: Harness,
  options: {
    token?: string | null;
    defaults?: PushDefaults;
    /** The presets in force and the policy bounding them (issue 39). */
    presets?: Preset[];
    policy?: Policy;
    clipboardFails?: boolean;
    buttons?: boolean;
  } = {},
): Rig {
  const clipboard: string[] = [];
  const reported: unknown[] = [];
  const imageRequests: Rig['imageRequests'] = [];
  let id = 0;
  const token = options.token === undefined ? ALICE.token : options.token;
  const imageFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    imageRequests.push({ url: String(input), init });
    return new Response(PNG_BYTES, { headers: { 'content-type': 'image/png' } });
  }) as typeof fetch;
  const deps: QuickPushDeps = {
    connect: async () => ({
      client: h.client(token),
      signedIn: token !== null,
      defaults: options.defaults ?? DEFAULT_PUSH_DEFAULTS,
      ...(options.presets ? { presets: options.presets } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
      destination: { server: BASE },
    }),
    makePassphrase: async () => (await generatePassphrase(defaultRandom, 'words')).value,
    keepHandoff: (handoff) => handoffStore({ now: () => h.now() }).keep(handoff),
    fetchImage: (request) => fetchImage(request, { fetch: imageFetch, canRead: async () => false }),
    writeClipboard: async (text) => {
      if (options.clipboardFails) throw new Error('clipboard unavailable');
      clipboard.push(text);
    },
    notifier: browserNotifier({ buttons: options.buttons ?? true }),
    held: sessionHeldPushes(),
    pending: pendingCreates({
      entries: interruptedEntries,
      life: 'this-life',
      now: () => h.now(),
      newId: () => `pending-${++id}`,
    }),
    leaving: { now: () => false, soon: async () => false },
    destination: async () => ({ server: BASE }),
    kindAllowed: async () => true,
    links: sessionHeldLinks(),
    record: recordCreatedPush,
    now: () => h.now(),
    newId: () => String(++id),
    report: (_what, error) => void reported.push(error),
  };
  return { deps, clipboard, reported, imageRequests };
}

/** The notifications on screen, by id, as fakeBrowser keeps their create options. */
export function notifications(): Record<string, NotificationOptions> {
  return (
    fakeBrowser.notifications as unknown as {
      getAllCreateOptions(): Record<string, NotificationOptions>;
    }
  ).getAllCreateOptions();
}

/** Everything storage.session holds, serialised: where a held secret would show. */
export async function sessionText(): Promise<string> {
  return JSON.stringify(await fakeBrowser.storage.session.get(null));
}

export const POSTS = (h: Harness) => h.calls().filter((call) => call === 'POST /api/v2/pushes');

export { vi };

/**
 * A fresh watcher database and the pro mock with Alice's server saved: the watcher records a quick push under
 * that server's account. Each test's beforeEach.
 */
export async function signedInHarness(): Promise<Harness> {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  const h = await harness('pro');
  await signInAlice();
  return h;
}
