import { AppError, toAppError, type AppErrorData } from '@/lib/errors';

/** Messages the background answers, keyed by type: each entry is [request payload, response]. */
export type BackgroundProtocol = {
  ping: [undefined, { ok: true; version: string }];
};

type Envelope = { channel: 'secret-push'; type: string; data: unknown };
type Reply = { res: unknown } | { err: AppErrorData };

type Protocol = Record<string, [unknown, unknown]>;

export type Handlers<P extends Protocol> = {
  [K in keyof P]?: (data: P[K][0], sender: Browser.runtime.MessageSender) => Promise<P[K][1]>;
};

/**
 * Registers typed handlers on runtime messaging. Errors cross as plain data ({err}) because Error objects
 * do not survive structured cloning between extension contexts.
 */
export function listenForMessages<P extends Protocol = BackgroundProtocol>(
  handlers: NoInfer<Handlers<P>>,
): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const msg = message as Envelope;
    if (msg?.channel !== 'secret-push') return undefined;
    const handler = (
      handlers as Record<string, ((d: unknown, s: typeof sender) => Promise<unknown>) | undefined>
    )[msg.type];
    if (!handler) return undefined;
    handler(msg.data, sender).then(
      (res) => sendResponse({ res } satisfies Reply),
      (error: unknown) => sendResponse({ err: toAppError(error).toJSON() } satisfies Reply),
    );
    return true;
  });
}

/** Sends a typed message to the background and unwraps its reply, rethrowing errors as AppError. */
export async function sendMessage<K extends keyof BackgroundProtocol>(
  type: K,
  data: BackgroundProtocol[K][0],
): Promise<BackgroundProtocol[K][1]> {
  const reply = (await browser.runtime.sendMessage({
    channel: 'secret-push',
    type,
    data,
  } satisfies Envelope)) as Reply | undefined;
  if (!reply) throw new AppError('internal', 'The extension did not answer. Try again.');
  if ('err' in reply) throw AppError.fromJSON(reply.err);
  return reply.res as BackgroundProtocol[K][1];
}
