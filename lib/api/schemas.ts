import { lazySchema, memo, z } from '@/lib/zod';

/**
 * zod schemas of every v2 response, snake_case as on the wire (docs/api-contract.md §4). `z.object` strips
 * unknown keys, so a newer server's extra fields pass through harmlessly; nothing is transformed, so parsed
 * data stays plain JSON and can cross runtime messaging as it is. Each is built on its first use (lazySchema,
 * memo): a woken service worker that creates a push builds neither the audit, list nor version schemas.
 */

/** A url_token as the real server generates it: lowercase base64url, no padding (reference §12). */
export const URL_TOKEN_PATTERN = /^[a-z0-9_-]+$/;

const timestamp = () => z.string();
const count = () => z.number().check(z.int(), z.nonnegative());

/** The fields every view of a push carries, in both editions (contract §4). */
const pushCore = memo(() => ({
  url_token: z.string().check(z.regex(URL_TOKEN_PATTERN)),
  html_url: z.string(),
  json_url: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
  expired: z.boolean(),
  expired_on: z.nullable(timestamp()),
  deleted: z.boolean(),
  // oss answers null for url pushes (reference §3).
  deletable_by_viewer: z.nullable(z.boolean()),
  retrieval_step: z.boolean(),
  // pro: null or "********"; oss: "" without one, the clear value with one, null once expired.
  passphrase: z.nullable(z.string()),
  expire_after_days: count(),
  expire_after_views: count(),
  days_remaining: count(),
  views_remaining: count(),
}));

/** The creator's fields: create and list views (and pro's delete view). pro documents them as nullable. */
const creatorFields = memo(() => ({ name: z.nullable(z.string()), note: z.nullable(z.string()) }));

/** pro's expiry fields, in every pro view. */
const proExpiryFields = memo(() => ({
  expire_after_duration: z.number().check(z.int()),
  expires_at: z.nullable(timestamp()),
  expires_in: z.number().check(z.nonnegative()),
}));

/** pro's owner fields: create, delete and list views. */
const proOwnerFields = memo(() => ({
  // Prefixed workspace id; older pro servers sent an integer (seed §2.1).
  account_id: z.nullable(z.union([z.string(), z.number()])),
  notify_emails_to: z.nullable(z.string()),
}));

/** Fields a server may add without the contract requiring them: read when present, never demanded. */
const optionalExtras = memo(() => ({
  kind: z.optional(z.string()),
  notify_emails_to_locale: z.optional(z.nullable(z.string())),
}));

/**
 * Strict per-edition schemas: the exact key sets of contract §4, so a pro server that leaves out a pro
 * field (or an oss one an oss field) is a 'bad-response'. The client uses them once it knows the edition.
 * Keys beyond the set are still stripped, not refused: a newer server may add fields.
 */
export const proPushSchema = lazySchema(() =>
  z.object({
    ...pushCore(),
    ...creatorFields(),
    ...proExpiryFields(),
    ...proOwnerFields(),
    ...optionalExtras(),
  }),
);
/** oss create and list: 17 keys, plus the notify fields on a create that named recipients. */
export const ossPushSchema = lazySchema(() =>
  z.object({
    ...pushCore(),
    ...creatorFields(),
    ...optionalExtras(),
    notify_emails_to: z.optional(z.nullable(z.string())),
  }),
);
/** oss delete view: the create view minus name and note. */
export const ossDeletedPushSchema = lazySchema(() => z.object({ ...pushCore(), ...optionalExtras() }));

/**
 * A Push of any view of either edition, for when the edition is not known yet (the client has not read
 * /api/v2/version): a field that one edition or one view leaves out is optional here.
 */
export const pushSchema = lazySchema(() =>
  z.object({
    ...pushCore(),
    name: z.optional(z.nullable(z.string())),
    note: z.optional(z.nullable(z.string())),
    ...optionalExtras(),
    expire_after_duration: z.optional(z.number().check(z.int())),
    expires_at: z.optional(z.nullable(timestamp())),
    expires_in: z.optional(z.number().check(z.nonnegative())),
    account_id: z.optional(proOwnerFields().account_id),
    notify_emails_to: z.optional(z.nullable(z.string())),
  }),
);
export type Push = z.infer<typeof pushSchema>;

export const pushFileSchema = lazySchema(() =>
  z.object({
    filename: z.string(),
    content_type: z.string(),
    url: z.string(),
  }),
);
export type PushFile = z.infer<typeof pushFileSchema>;

/** What a retrieval adds: the secret itself. `payload` is null once expired. */
const secretFields = memo(() => ({ payload: z.nullable(z.string()), files: z.array(pushFileSchema) }));

/** The retrieval view of either edition (edition not known yet). */
export const retrievedPushSchema = lazySchema(() => z.extend(pushSchema, secretFields()));
export type RetrievedPush = z.infer<typeof retrievedPushSchema>;

/** pro retrieval: the Push minus account_id, name, note and notify_emails_to, plus payload and files. */
export const proRetrievedPushSchema = lazySchema(() =>
  z.object({
    ...pushCore(),
    ...proExpiryFields(),
    ...optionalExtras(),
    ...secretFields(),
  }),
);
/** oss retrieval: the Push minus name and note, plus payload and files. */
export const ossRetrievedPushSchema = lazySchema(() =>
  z.object({ ...pushCore(), ...optionalExtras(), ...secretFields() }),
);

export const previewSchema = lazySchema(() => z.object({ url: z.string() }));
export type Preview = z.infer<typeof previewSchema>;

/** Extra detail of a `creation_email_send` entry (reference §4.4); loosely typed because it is not in the seed. */
export const notifyByEmailSchema = lazySchema(() =>
  z.object({
    recipients: z.optional(z.nullable(z.union([z.string(), z.array(z.string())]))),
    locale: z.optional(z.nullable(z.string())),
    status: z.optional(z.nullable(z.string())),
    error_message: z.optional(z.nullable(z.string())),
    successful_sends: z.optional(z.nullable(z.number())),
    proceed_at: z.optional(z.nullable(z.string())),
  }),
);

export const auditEntrySchema = lazySchema(() =>
  z.object({
    // A string, not an enum: the seed calls its list "common values", and an unknown future kind must not
    // make a whole audit page unreadable.
    kind: z.string(),
    ip: z.nullable(z.string()),
    user_agent: z.nullable(z.string()),
    referrer: z.nullable(z.string()),
    created_at: timestamp(),
    updated_at: timestamp(),
    notify_by_email: z.optional(notifyByEmailSchema),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditSchema = lazySchema(() => z.object({ logs: z.array(auditEntrySchema) }));

export const pushListSchema = lazySchema(() => z.array(pushSchema));

/** The schemas of the push views, per edition, and loose ones for an edition not known yet. */
export interface PushSchemas {
  push: z.ZodMiniType<Push>;
  deleted: z.ZodMiniType<Push>;
  list: z.ZodMiniType<Push[]>;
  retrieved: z.ZodMiniType<RetrievedPush>;
}

export const PUSH_SCHEMAS: Record<'pro' | 'oss' | 'unknown', PushSchemas> = {
  pro: {
    push: proPushSchema,
    deleted: proPushSchema,
    list: lazySchema(() => z.array(proPushSchema)),
    retrieved: proRetrievedPushSchema,
  },
  oss: {
    push: ossPushSchema,
    deleted: ossDeletedPushSchema,
    list: lazySchema(() => z.array(ossPushSchema)),
    retrieved: ossRetrievedPushSchema,
  },
  unknown: { push: pushSchema, deleted: pushSchema, list: pushListSchema, retrieved: retrievedPushSchema },
};

export const versionSchema = lazySchema(() =>
  z.object({
    application_version: z.string(),
    api_version: z.string(),
    // "commercial" on pro, "oss" on the open-source server; any other value is handled in edition.ts.
    edition: z.string(),
    features: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type VersionInfo = z.infer<typeof versionSchema>;
