import { createApiClient, decode, retrievedPushSchema, type ApiClient, type RetrievedPush } from '@/lib/api';
import { demoFetch, demoMessages, demoPageOrigin, type DemoPageInfo } from '@/lib/demo/viewer';
import { DEMO_BASE_URL, VIEWER_PATH } from '@/lib/demo/constants';
import { sendMessage } from '@/lib/messages/runtime';

/** The demo service as a recipient sees it (anonymous): used to delete a push the viewer may delete. */
export function recipientClient(): ApiClient {
  return createApiClient({
    baseUrl: DEMO_BASE_URL,
    fetch: demoFetch,
    token: null,
    pageOrigin: demoPageOrigin(),
  });
}

/**
 * What the demo service's recipient page knows before a reveal (lib/demo/page-info.ts): the kind, and
 * whether the push can still be revealed, with its views left and expiry. Counts no view. undefined when
 * the demo host could not be asked: the viewer then offers the reveal as before, and the reveal says.
 */
export async function pageFacts(urlToken: string): Promise<DemoPageInfo | undefined> {
  try {
    return await sendMessage(demoMessages.pageInfo, { url_token: urlToken });
  } catch (error) {
    // Only the automatic QR code/link and the facts before the reveal depend on it; the secret still shows.
    console.warn('The demo service did not say what it knows of this push', error);
    return undefined;
  }
}

/**
 * Reveals a push the way the Node host's recipient page does: the page's own form post (/p/:token with the
 * recipient's address and passphrase when there are any), answered as JSON for this page. Unlike an API
 * retrieval, a post without a passphrase only learns that one is needed: the page shows its prompt and
 * logs nothing, and only a submitted wrong passphrase writes failed_passphrase. It also serves
 * authenticated_recipients pushes, which the API itself refuses. Errors are the API client's:
 * 'recipient-verification' (address missing or not listed), 'passphrase-required', 'not-found', …
 */
export async function revealThroughPage(
  urlToken: string,
  { email, passphrase }: { email?: string; passphrase?: string } = {},
): Promise<RetrievedPush> {
  const form = new URLSearchParams();
  if (email !== undefined) form.set('email', email);
  if (passphrase) form.set('passphrase', passphrase);
  const response = await demoFetch(`${DEMO_BASE_URL}/p/${encodeURIComponent(urlToken)}`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
    credentials: 'omit',
  });
  const raw = {
    status: response.status,
    type: response.type,
    headers: response.headers,
    text: await response.text(),
  };
  return decode(raw, retrievedPushSchema, 'retrieve', false);
}

export function viewerUrl(): string {
  return browser.runtime.getURL(VIEWER_PATH);
}
