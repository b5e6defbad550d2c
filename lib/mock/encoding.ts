/** Small encodings the service needs: tokens, ids, timestamps and a constant-time comparison. */

export type Random = (bytes: number) => Uint8Array;

export const defaultRandom: Random = (bytes) => crypto.getRandomValues(new Uint8Array(bytes));

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Like the real server: urlsafe_base64 of 8..14 random bytes, lowercased, without padding. */
export function newUrlToken(random: Random): string {
  const length = 8 + ((random(1)[0] ?? 0) % 7);
  return base64url(random(length)).toLowerCase();
}

/** An unguessable id for a file download path (128 bits). */
export function newFileId(random: Random): string {
  return base64url(random(16));
}

/** UTC ISO 8601 with milliseconds, e.g. 2026-01-01T01:00:00.000Z. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const encoder = new TextEncoder();

/** Compares two strings in time that depends only on their lengths, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  const length = Math.max(x.length, y.length);
  for (let i = 0; i < length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Length in characters (code points), as Ruby counts a string. */
export function charLength(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) surrogates++;
  }
  return text.length - surrogates;
}
