/**
 * What the demo service's own recipient page (the viewer) may learn from the demo host besides the public
 * API, as the Node host's server-rendered page knows it: the push's kind, so qr and url pushes show as a
 * QR code or a link, and whether it can still be revealed, with its views left and expiry, as the host's
 * reveal step says them before anything is revealed. Nothing secret: never the payload, the passphrase or
 * the recipients. Reading it counts no view.
 */
import { lazySchema, z } from '@/lib/zod';
import type { PushKind } from '@/lib/contract';

export type DemoPushKind = PushKind;

export interface DemoPageInfo {
  /** null when there is no push with that token. */
  kind: DemoPushKind | null;
  /** false once it expired (by time, views or deletion) or when there is none: nothing to reveal. */
  live: boolean;
  /** Views left, 0 once expired. */
  views_remaining: number;
  /** When it expires by time (ISO 8601); null once expired or when there is none. */
  expires_at: string | null;
}

export const demoPageInfoRequestSchema = lazySchema(() =>
  z.object({
    url_token: z.string().check(z.minLength(1), z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+$/)),
  }),
);
