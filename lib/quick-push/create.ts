/**
 * The create step of a quick push: the saved connection, the image when there is one, one createPush.
 * Every failure becomes one sentence, for the failure notification.
 */
import { describeError, type ApiClient, type Push } from '@/lib/api';
import { checkLinkOf } from '@/lib/connection/link-home';
import { AppError } from '@/lib/errors';
import type { LinkCheck } from '@/lib/push';
import type { PushDefaults, Settings } from '@/lib/settings';
import type { Destination } from './destination';
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

export interface CreateDeps {
  connect: Connect;
  fetchImage(request: ImageRequest): Promise<ImageFetch>;
}

/** What one create ended with. */
export type Created =
  | { push: Push; server: string; link: LinkCheck }
  /** It failed; `destination` is where it was going, when the connection got that far. */
  | { reason: string; destination?: Destination | null }
  /** Its destination cannot be reached any more: nothing was sent, and nothing is to be tried again. */
  | { refused: string };

/**
 * The new push and the verdict on its link (lib/push/link.ts), or in one sentence why there is none.
 * `destination`: only there ("Try again"), else where the saved settings point now.
 */
export async function createQuickPush(
  deps: CreateDeps,
  request: QuickRequest,
  connection?: Promise<QuickConnection | { refused: string }>,
  destination?: Destination,
): Promise<Created> {
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
    const result = await client.createPush(quickCreateInput(request, defaults, image));
    const link = checkLinkOf(result.push.html_url, client.baseUrl);
    return { push: result.push, server: client.baseUrl, link };
  } catch (error) {
    return { reason: describeError(error), destination: reached };
  }
}
