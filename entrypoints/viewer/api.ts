import { createApiClient, type ApiClient, type RetrievedPush } from '@/lib/api';
import { decode } from '@/lib/api/responses';
import { retrievedPushSchema } from '@/lib/api/schemas';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin } from '@/lib/demo/transport';
import { VIEWER_PATH } from '@/lib/demo/constants';
import type { DemoPushKind } from '@/lib/demo/page-info';
import { sendMessage } from '@/lib/messages/runtime';

/** The demo service as a recipient sees it: anonymous, so every reveal counts as a view. */
export function recipientClient(): ApiClient {
  return createApiClient({
    baseUrl: DEMO_BASE_URL,
    fetch: demoFetch,
    token: null,
    pageOrigin: demoPageOrigin(),
  });
}

/**
 * The push's kind as the demo service's recipient page knows it (the API never says). undefined when
 * the push does not exist or the demo host could not be asked: the viewer then offers the QR code on request.
 */
export async function pageKind(urlToken: string): Promise<DemoPushKind | undefined> {
  try {
    return (await sendMessage('demo-page-info', { url_token: urlToken })).kind ?? undefined;
  } catch (error) {
    // Only the automatic QR code/link depends on it; the secret itself still shows.
    console.warn('The demo service did not say what kind of push this is', error);
    return undefined;
  }
}

/**
 * Reveals an authenticated_recipients push the way the recipient page does: the page's own form post
 * (/p/:token with the address and any passphrase), answered as JSON. The API itself refuses such a push.
 * Errors are the API client's: 'recipient-verification' (address not listed), 'passphrase-required', …
 */
export async function revealAsRecipient(
  urlToken: string,
  { email, passphrase }: { email: string; passphrase?: string },
): Promise<RetrievedPush> {
  const form = new URLSearchParams({ email });
  if (passphrase) form.set('passphrase', passphrase);
  const response = await demoFetch(`${DEMO_BASE_URL}/p/${encodeURIComponent(urlToken)}`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
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

/** Offers a Blob as a download, the way a server's attachment response would. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  // Chrome reads the blob after the click returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
