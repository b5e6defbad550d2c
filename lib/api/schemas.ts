import { z } from 'zod';

/**
 * zod schemas of every v2 response, snake_case as on the wire (docs/api-contract.md §4). `z.object` strips
 * unknown keys, so a newer server's extra fields pass through harmlessly; nothing is transformed, so parsed
 * data stays plain JSON and can cross runtime messaging as it is.
 */

// zod 4 probes for `new Function` unless told not to; the MV3 CSP forbids eval, so the probe logs a CSP
// violation and web-ext lint flags it (docs/toolchain.md, pitfall 11). Configure before any schema parses.
z.config({ jitless: true });

/** A url_token as the real server generates it: lowercase base64url, no padding (reference §12). */
export const URL_TOKEN_PATTERN = /^[a-z0-9_-]+$/;

const timestamp = z.string();
const count = z.number().int().nonnegative();

/**
 * A Push as create, delete and the lists return it, for both editions. pro sends the 22 fields of seed §2.1;
 * oss sends 17 (plus the notify fields on a create that named them). A field that one edition or one view
 * (retrieve, delete) leaves out is optional. Deliberately one schema rather than one per edition: pro's
 * field set is known only from client code (reference §13), so requiring its extras would turn a harmless
 * difference into a failed call.
 */
export const pushSchema = z.object({
  url_token: z.string().regex(URL_TOKEN_PATTERN),
  html_url: z.string(),
  json_url: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  expired: z.boolean(),
  expired_on: timestamp.nullable(),
  deleted: z.boolean(),
  // oss answers null for url pushes (reference §3).
  deletable_by_viewer: z.boolean().nullable(),
  retrieval_step: z.boolean(),
  // pro: null or "********"; oss: "" without one, the clear value with one, null once expired.
  passphrase: z.string().nullable(),
  expire_after_days: count,
  expire_after_views: count,
  days_remaining: count,
  views_remaining: count,
  // Only in create and list views (and delete on pro); pro documents them as nullable.
  name: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  // pro only.
  kind: z.string().optional(),
  expire_after_duration: z.number().int().optional(),
  expires_at: timestamp.nullable().optional(),
  expires_in: z.number().nonnegative().optional(),
  // Prefixed workspace id; older pro servers sent an integer (seed §2.1).
  account_id: z.union([z.string(), z.number()]).nullable().optional(),
  // pro always, oss only on a create that named recipients.
  notify_emails_to: z.string().nullable().optional(),
  notify_emails_to_locale: z.string().nullable().optional(),
});
export type Push = z.infer<typeof pushSchema>;

export const pushFileSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  url: z.string(),
});
export type PushFile = z.infer<typeof pushFileSchema>;

/** The retrieval view: the Push fields plus the secret itself. `payload` is null once expired. */
export const retrievedPushSchema = pushSchema.extend({
  payload: z.string().nullable(),
  files: z.array(pushFileSchema),
});
export type RetrievedPush = z.infer<typeof retrievedPushSchema>;

export const previewSchema = z.object({ url: z.string() });
export type Preview = z.infer<typeof previewSchema>;

/** Extra detail of a `creation_email_send` entry (reference §4.4); loosely typed because it is not in the seed. */
export const notifyByEmailSchema = z.object({
  recipients: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  locale: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  error_message: z.string().nullable().optional(),
  successful_sends: z.number().nullable().optional(),
  proceed_at: z.string().nullable().optional(),
});

export const auditEntrySchema = z.object({
  // A string, not an enum: the seed calls its list "common values", and an unknown future kind must not
  // make a whole audit page unreadable.
  kind: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  referrer: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  notify_by_email: notifyByEmailSchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditSchema = z.object({ logs: z.array(auditEntrySchema) });

export const pushListSchema = z.array(pushSchema);

export const versionSchema = z.object({
  application_version: z.string(),
  api_version: z.string(),
  // "commercial" on pro, "oss" on the open-source server; any other value is handled in edition.ts.
  edition: z.string(),
  features: z.record(z.string(), z.unknown()).optional(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
