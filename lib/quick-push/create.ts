/**
 * The create step of a quick push: the saved connection, the image when there is one, one createPush.
 * Every failure becomes one sentence, for the failure notification.
 */
import { describeError, type ApiClient, type Push } from '@/lib/api';
import { checkLinkOf } from '@/lib/connection/link-home';
import { AppError } from '@/lib/errors';
import type { LinkCheck } from '@/lib/push/link';
import type { PushDefaults } from '@/lib/settings';
import type { ImageFetch } from './image';
import { quickCreateInput, type ImageFile } from './input';
import type { ImageRequest, QuickRequest } from './types';

export interface QuickConnection {
  client: ApiClient;
  /** lib/connection/target.ts isSignedIn: file pushes need a token (the demo service always has one). */
  signedIn: boolean;
  defaults: PushDefaults;
}

export interface CreateDeps {
  connect(): Promise<QuickConnection>;
  fetchImage(request: ImageRequest): Promise<ImageFetch>;
}

/** The new push and the verdict on its link (lib/push/link.ts), or in one sentence why there is none. */
export async function createQuickPush(
  deps: CreateDeps,
  request: QuickRequest,
  connection?: Promise<QuickConnection>,
): Promise<{ push: Push; server: string; link: LinkCheck } | { reason: string }> {
  try {
    const { client, signedIn, defaults } = await (connection ?? deps.connect());
    let image: ImageFile | undefined;
    if (request.kind === 'image') {
      // Checked before downloading anything: the server refuses a file push without a token anyway.
      if (!signedIn) return { reason: describeError(new AppError('sign-in-required', 'No token.')) };
      const fetched = await deps.fetchImage(request);
      if (!fetched.ok) return { reason: fetched.reason };
      image = fetched.file;
    }
    const result = await client.createPush(quickCreateInput(request, defaults, image));
    const link = checkLinkOf(result.push.html_url, client.baseUrl);
    return { push: result.push, server: client.baseUrl, link };
  } catch (error) {
    return { reason: describeError(error) };
  }
}
