/** What the clearer remembers of a copy: its SHA-256, never the text itself. */

/** The SHA-256 of `text` (UTF-8), in hex. */
export async function clipboardHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
