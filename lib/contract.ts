/**
 * Facts of the API contract (docs/api-contract.md §3) that the client, the create form, the viewer and the
 * mock service all rely on, written once, as lib/durations.ts does for the expiry table.
 */

/** Every kind of push, in the order the form offers them. */
export const PUSH_KINDS = ['text', 'url', 'qr', 'file'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A text payload's limit, in characters. */
export const TEXT_MAX_CHARS = 1_048_576;
/** A QR payload's limit, in characters (the real server's, reference §9). */
export const QR_MAX_CHARS = 1024;
/** Files one push may carry. */
export const MAX_FILES = 10;
/** Addresses `notify_emails_to` may list. */
export const MAX_EMAILS = 5;
/** The languages a notification e-mail may be written in (`notify_emails_to_locale`). */
export const EMAIL_LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl'] as const;

/** The body of the server's 413 (Rails' own answer to a body over its limit). */
// Rails' words, which the demo service answers with as the real server does; no person reads them. i18n-ignore
export const PAYLOAD_TOO_LARGE = { status: 413, error: 'Payload Too Large' } as const;
