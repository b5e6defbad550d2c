import { AppError, toAppError, type AppErrorData } from '@/lib/errors';
import type { WireRequest, WireResponse } from '@/lib/messages/wire';
import type { DemoPageInfo } from '@/lib/demo/page-info';
import type { AuditEntry } from '@/lib/api';
import type { RefreshSummary } from '@/lib/watch/types';

/** Messages the background answers, keyed by type: each entry is [request payload, response]. */
export type BackgroundProtocol = {
  ping: [undefined, { ok: true; version: string }];
  /** A fetch to the built-in demo service (lib/demo/transport.ts); pages send it, the background routes it. */
  'demo-fetch': [{ request: WireRequest }, WireResponse];
  /** The demo token (lib/demo/token.ts): the background is its one writer, pages ask for it. */
  'demo-token': [undefined, string];
  /** What the demo service's recipient page knows about a push (lib/demo/page-info.ts): the viewer asks. */
  'demo-page-info': [{ url_token: string }, DemoPageInfo];
  /** Watcher (lib/watch): refresh the cache now (Retry-After still applies). */
  'watch-refresh': [undefined, RefreshSummary];
  /** Watcher: delete these pushes on the server (expire them now), then update the cache. */
  'watch-expire': [
    { url_tokens: string[] },
    { expired: string[]; failed: Array<{ url_token: string; error: AppErrorData }> },
  ];
  /** Watcher: the whole audit log of one push (every page), also stored in the cache. */
  'watch-audit': [{ url_token: string }, AuditEntry[]];
  /** Watcher: every event is seen; clears the unseen-events badge. */
  'watch-mark-seen': [undefined, void];
};

/**
 * Messages the offscreen document answers (Chrome only). The offscreen document has no storage access, so
 * the background sends what the demo service needs (the demo user's token) with each request.
 */
export type OffscreenProtocol = {
  'demo-fetch': [{ request: WireRequest; token: string }, WireResponse];
  'demo-page-info': [{ url_token: string }, DemoPageInfo];
  /** Quick push (lib/quick-push/clipboard.ts): put the new push's link on the clipboard. */
  'clipboard-write': [{ text: string }, { copied: true }];
};

/**
 * One channel name per protocol. runtime.sendMessage reaches every extension context but the sender, so a
 * page's message also reaches the offscreen document: the channel keeps each listener to its own protocol.
 */
export const CHANNELS = { background: 'secret-push', offscreen: 'secret-push-offscreen' } as const;
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

type Envelope = { channel: Channel; type: string; data: unknown };
type Reply = { res: unknown } | { err: AppErrorData };

type Protocol = Record<string, [unknown, unknown]>;

export type Handlers<P extends Protocol> = {
  [K in keyof P]?: (data: P[K][0], sender: Browser.runtime.MessageSender) => Promise<P[K][1]>;
};

/** The error message when no context answered: nobody handled the message, so it was not delivered. */
export const NO_ANSWER = 'The extension did not answer. Try again.';

/**
 * Registers typed handlers on runtime messaging and returns a function that removes them. Errors cross as
 * plain data ({err}) because Error objects do not survive structured cloning between extension contexts.
 */
export function listenForMessages<P extends Protocol = BackgroundProtocol>(
  handlers: NoInfer<Handlers<P>>,
  options: { channel?: Channel } = {},
): () => void {
  const channel = options.channel ?? CHANNELS.background;
  const listener = (
    message: unknown,
    sender: Browser.runtime.MessageSender,
    sendResponse: (reply: Reply) => void,
  ) => {
    const msg = message as Envelope;
    if (msg?.channel !== channel) return undefined;
    const handler = (
      handlers as Record<string, ((d: unknown, s: typeof sender) => Promise<unknown>) | undefined>
    )[msg.type];
    if (!handler) return undefined;
    handler(msg.data, sender).then(
      (res) => sendResponse({ res } satisfies Reply),
      (error: unknown) => sendResponse({ err: toAppError(error).toJSON() } satisfies Reply),
    );
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

async function send(channel: Channel, type: string, data: unknown): Promise<unknown> {
  const reply = (await browser.runtime.sendMessage({ channel, type, data } satisfies Envelope)) as
    | Reply
    | undefined;
  if (!reply) throw new AppError('internal', NO_ANSWER);
  if ('err' in reply) throw AppError.fromJSON(reply.err);
  return reply.res;
}

/** Sends a typed message to the background and unwraps its reply, rethrowing errors as AppError. */
export async function sendMessage<K extends keyof BackgroundProtocol>(
  type: K,
  data: BackgroundProtocol[K][0],
): Promise<BackgroundProtocol[K][1]> {
  return (await send(CHANNELS.background, type, data)) as BackgroundProtocol[K][1];
}

/** Sends a typed message to the offscreen document (from the background), like sendMessage. */
export async function sendOffscreenMessage<K extends keyof OffscreenProtocol>(
  type: K,
  data: OffscreenProtocol[K][0],
): Promise<OffscreenProtocol[K][1]> {
  return (await send(CHANNELS.offscreen, type, data)) as OffscreenProtocol[K][1];
}
