/**
 * The create step of a quick push: the saved connection (lib/connection's kept connections), the image when
 * there is one, one createAndRecord. Every failure before the push exists becomes one sentence, for the
 * failure notification.
 */
import { describeError, type ApiClient } from '@/lib/api';
import { createAndRecord, type CreatedPush, type Destination, type KeptConnections } from '@/lib/connection';
import { AppError } from '@/lib/errors';
import type { PushDefaults, Settings } from '@/lib/settings';
import type { ImageFetch } from './image';
import { quickCreateInput, type ImageFile } from './input';
import type { ImageRequest, QuickRequest } from './types';

export interface QuickConnection {
  client: ApiClient;
  /** lib/connection/target.ts isSignedIn: file pushes need a token (the demo service always has one). */
  signedIn: boolean;
  defaults: PushDefaults;
  /** Where the push goes (held with a failed request, so "Try again" goes there); null: nowhere saved. */
  destination: Destination | null;
}

/**
 * The connection of the saved settings; with a `destination`, to that place only, or `refused` with the
 * reason it cannot be reached any more (nothing is sent then). `settings`: the settings in force as the
 * caller already read them (lib/settings loadSettings), so one push reads them once.
 */
export type Connect = (
  destination?: Destination,
  settings?: Promise<Settings>,
) => Promise<QuickConnection | { refused: string }>;

/** connect() over a context's kept connections (the background's, lib/connection kept.ts). */
export function quickConnect(connections: KeptConnections): Connect {
  return async (destination, settings) => {
    const connected = await connections.connectTo(destination, settings);
    if ('refused' in connected) return connected;
    const { client, signedIn, target } = connected;
    return { client, signedIn, defaults: connected.settings.defaults, destination: target.destination };
  };
}

export interface CreateDeps {
  connect: Connect;
  fetchImage(request: ImageRequest): Promise<ImageFetch>;
}

/** What one create ended with: `recorded`, what the caller's record step returned. */
export type Created<R> =
  | { recorded: R }
  /** It failed; `destination` is where it was going, when the connection got that far. */
  | { reason: string; destination?: Destination | null }
  /** Its destination cannot be reached any more: nothing was sent, and nothing is to be tried again. */
  | { refused: string };

/**
 * Creates the push and hands it, with the verdict on its link (lib/push/link.ts), to `record` in the
 * answer's turn (lib/connection createAndRecord); or says in one sentence why there is none. `record`'s
 * own failures are its own: they never become a failed create (nothing may offer to send the push again).
 * `destination`: only there ("Try again"), else where the saved settings point now.
 */
export async function createQuickPush<R>(
  deps: CreateDeps,
  request: QuickRequest,
  record: (created: CreatedPush) => R,
  connection?: Promise<QuickConnection | { refused: string }>,
  destination?: Destination,
): Promise<Created<R>> {
  let reached: Destination | null | undefined = destination;
  try {
    const connected = await (connection ?? deps.connect(destination));
    if ('refused' in connected) return connected;
    reached = connected.destination;
    const { client, signedIn, defaults } = connected;
    let image: ImageFile | undefined;
    if (request.kind === 'image') {
      // Checked before downloading anything: the server refuses a file push without a token anyway.
      if (!signedIn)
        return { reason: describeError(new AppError('sign-in-required', 'No token.')), destination: reached };
      const fetched = await deps.fetchImage(request);
      if (!fetched.ok) return { reason: fetched.reason, destination: reached };
      image = fetched.file;
    }
    const { recorded } = await createAndRecord(client, quickCreateInput(request, defaults, image), record);
    return { recorded };
  } catch (error) {
    return { reason: describeError(error), destination: reached };
  }
}
