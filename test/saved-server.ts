/**
 * What the options page stores for one saved self-hosted server, in the settings schema's version 2
 * (lib/settings/read.ts): the list with it as the default, its token on the device bound to its origin, and
 * demo mode off. Browser tests write it whole, in one storage.local.set, so no reader ever sees a mix of an
 * old and a new server, and nothing has to be migrated from version 1 while a page is reading it.
 */
export function savedServer(
  url: string,
  token: string | null,
  edition: 'pro' | 'oss' = 'pro',
): Record<string, unknown> {
  return {
    server: { defaultUrl: url, servers: [{ kind: 'self-hosted', url, edition, tokenPlace: 'device' }] },
    server$: { v: 2 },
    serverTokens: token ? { [url]: { value: token, origin: new URL(url).origin } } : {},
    demoMode: false,
  };
}

/** Saves that server from the extension's service worker (a Playwright handle): the bench's set-up. */
export async function saveServerIn(
  worker: import('@playwright/test').Worker,
  url: string,
  token: string | null,
  edition: 'pro' | 'oss' = 'pro',
): Promise<void> {
  await worker.evaluate((stored) => chrome.storage.local.set(stored), savedServer(url, token, edition));
}
