/** Response builders and the literal error bodies of the contract (docs/api-contract.md). */
import { PAYLOAD_TOO_LARGE } from '@/lib/contract';

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

/** `head :unauthorized` on the real server: JSON-typed, nothing to parse. */
export function empty(status: number): Response {
  return new Response(null, { status, headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' } });
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

export const routeNotFound = (): Response => json(404, { status: 404, error: 'Not Found' });
export const pushNotFound = (): Response => json(404, { error: 'not-found' });
export const badRequest = (): Response => json(400, { status: 400, error: 'Bad Request' });
export const payloadTooLarge = (): Response => json(413, PAYLOAD_TOO_LARGE);
export const internalError = (): Response => json(500, { status: 500, error: 'Internal Server Error' });
export const invalidPage = (): Response => json(400, { error: 'Invalid page parameter' });
export const missingPush = (): Response =>
  json(400, { error: 'param is missing or the value is empty or invalid: push' });
export const signInRequired = (): Response =>
  json(401, { error: 'You need to sign in or sign up before continuing.' });
export const notYours = (): Response => json(403, { error: "That push doesn't belong to you." });
export const notDeletable = (): Response => json(401, { error: 'That push is not deletable by viewers.' });
export const recipientVerification = (): Response =>
  json(403, { error: 'This push requires recipient verification in a browser.' });
export const passphraseRequired = (): Response =>
  json(401, {
    error: 'That passphrase is incorrect.',
    message: 'This push requires a passphrase.',
    status: 'unauthorized',
  });
export const tooManyPassphraseAttempts = (): Response =>
  json(429, { error: 'Too many passphrase attempts. Please try again in a minute.' });
export const retryLater = (retryAfter: number): Response =>
  text(429, 'Retry later', { 'Retry-After': String(retryAfter) });
