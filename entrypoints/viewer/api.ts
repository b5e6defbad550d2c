import { createApiClient, type ApiClient } from '@/lib/api';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin } from '@/lib/demo/transport';
import { VIEWER_PATH } from '@/lib/demo/constants';

/** The demo service as a recipient sees it: anonymous, so every reveal counts as a view. */
export function recipientClient(): ApiClient {
  return createApiClient({
    baseUrl: DEMO_BASE_URL,
    fetch: demoFetch,
    token: null,
    pageOrigin: demoPageOrigin(),
  });
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
