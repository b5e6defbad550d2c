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

/** The fields every view of a push carries, in both editions (contract §4). */
const pushCore = {
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
};

/** The creator's fields: create and list views (and pro's delete view). pro documents them as nullable. */
const creatorFields = { name: z.string().nullable(), note: z.string().nullable() };

/** pro's expiry fields, in every pro view. */
const proExpiryFields = {
  expire_after_duration: z.number().int(),
  expires_at: timestamp.nullable(),
  expires_in: z.number().nonnegative(),
};

/** pro's owner fields: create, delete and list views. */
const proOwnerFields = {
  // Prefixed workspace id; older pro servers sent an integer (seed §2.1).
  account_id: z.union([z.string(), z.number()]).nullable(),
  notify_emails_to: z.string().nullable(),
};

/** Fields a server may add without the contract requiring them: read when present, never demanded. */
const optionalExtras = {
  kind: z.string().optional(),
  notify_emails_to_locale: z.string().nullable().optional(),
};

/**
 * Strict per-edition schemas: the exact key sets of contract §4, so a pro server that leaves out a pro
 * field (or an oss one an oss field) is a 'bad-response'. The client uses them once it knows the edition.
 * Keys beyond the set are still stripped, not refused: a newer server may add fields.
 */
export const proPushSchema = z.object({
  ...pushCore,
  ...creatorFields,
  ...proExpiryFields,
  ...proOwnerFields,
  ...optionalExtras,
});
/** oss create and list: 17 keys, plus the notify fields on a create that named recipients. */
export const ossPushSchema = z.object({
  ...pushCore,
  ...creatorFields,
  ...optionalExtras,
  notify_emails_to: z.string().nullable().optional(),
});
/** oss delete view: the create view minus name and note. */
export const ossDeletedPushSchema = z.object({ ...pushCore, ...optionalExtras });

/**
 * A Push of any view of either edition, for when the edition is not known yet (the client has not read
 * /api/v2/version): a field that one edition or one view leaves out is optional here.
 */
export const pushSchema = z.object({
  ...pushCore,
  name: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  ...optionalExtras,
  expire_after_duration: z.number().int().optional(),
  expires_at: timestamp.nullable().optional(),
  expires_in: z.number().nonnegative().optional(),
  account_id: proOwnerFields.account_id.optional(),
  notify_emails_to: z.string().nullable().optional(),
});
export type Push = z.infer<typeof pushSchema>;

export const pushFileSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  url: z.string(),
});
export type PushFile = z.infer<typeof pushFileSchema>;

/** What a retrieval adds: the secret itself. `payload` is null once expired. */
const secretFields = { payload: z.string().nullable(), files: z.array(pushFileSchema) };

/** The retrieval view of either edition (edition not known yet). */
export const retrievedPushSchema = pushSchema.extend(secretFields);
export type RetrievedPush = z.infer<typeof retrievedPushSchema>;

/** pro retrieval: the Push minus account_id, name, note and notify_emails_to, plus payload and files. */
export const proRetrievedPushSchema = z.object({
  ...pushCore,
  ...proExpiryFields,
  ...optionalExtras,
  ...secretFields,
});
/** oss retrieval: the Push minus name and note, plus payload and files. */
export const ossRetrievedPushSchema = z.object({ ...pushCore, ...optionalExtras, ...secretFields });

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

/** The schemas of the push views, per edition, and loose ones for an edition not known yet. */
export interface PushSchemas {
  push: z.ZodType<Push>;
  deleted: z.ZodType<Push>;
  list: z.ZodType<Push[]>;
  retrieved: z.ZodType<RetrievedPush>;
}

export const PUSH_SCHEMAS: Record<'pro' | 'oss' | 'unknown', PushSchemas> = {
  pro: {
    push: proPushSchema,
    deleted: proPushSchema,
    list: z.array(proPushSchema),
    retrieved: proRetrievedPushSchema,
  },
  oss: {
    push: ossPushSchema,
    deleted: ossDeletedPushSchema,
    list: z.array(ossPushSchema),
    retrieved: ossRetrievedPushSchema,
  },
  unknown: { push: pushSchema, deleted: pushSchema, list: pushListSchema, retrieved: retrievedPushSchema },
};

export const versionSchema = z.object({
  application_version: z.string(),
  api_version: z.string(),
  // "commercial" on pro, "oss" on the open-source server; any other value is handled in edition.ts.
  edition: z.string(),
  features: z.record(z.string(), z.unknown()).optional(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
