/**
 * Steps free of any browser driver, for the journeys (test/journeys) and the bench: the account the tests
 * push with, the check on the server's side through the API, what a recipient's browser gets on revealing a
 * push, and a wait for a state polled from Node.
 */
import { createApiClient, type ApiClient } from '../lib/api';

export const ALICE = { email: 'alice@example.com', token: 'alice-token-browser-01' };

/** An API client in the test's own process, with the owner's token: the check on the server's side. */
export function ownerClient(baseUrl: string, token = ALICE.token): ApiClient {
  return createApiClient({ baseUrl, token });
}

/**
 * What a recipient's browser gets on revealing the push (POST /p/:token, the page's button): the kind shows
 * here (a link, a QR code, text), since API responses never carry it. Counts a view. `userAgent` is what the
 * audit log then names.
 */
export async function recipientPage(
  baseUrl: string,
  urlToken: string,
  options: { passphrase?: string; userAgent?: string } = {},
): Promise<string> {
  const body = new URLSearchParams(
    options.passphrase === undefined ? {} : { passphrase: options.passphrase },
  );
  const response = await fetch(`${baseUrl}/p/${urlToken}`, {
    method: 'POST',
    headers: { accept: 'text/html', ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
    body,
  });
  if (response.status !== 200) throw new Error(`The recipient page answered ${response.status}`);
  return response.text();
}

/** Polls `find` (every 100 ms) until it returns something, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`Waited in vain for ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The kinds of a push's audit log, in order ("creation", "view", …), as `client` reads them. */
export async function auditKinds(client: ApiClient, urlToken: string): Promise<string[]> {
  return (await client.auditAll(urlToken)).map((entry) => entry.kind);
}
