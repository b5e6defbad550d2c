/**
 * What the demo service's own recipient page (the viewer) may learn from the demo host besides the public
 * API, as the Node host's server-rendered page knows it: the push's kind, so qr and url pushes show as a
 * QR code or a link. Nothing secret: never the payload, the passphrase or the recipients.
 */
import { z } from 'zod';
import type { PushKind } from '@/lib/contract';

export type DemoPushKind = PushKind;

export interface DemoPageInfo {
  /** null when there is no push with that token. */
  kind: DemoPushKind | null;
}

export const demoPageInfoRequestSchema = z.object({
  url_token: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/),
});
