/**
 * The demo service's messages. Every one is privileged: the demo token opens the demo user's pushes.
 * Page bundles import this file, so it holds declarations only (no host, no mock).
 */
import { lazySchema, z } from '@/lib/zod';
import { defineMessage } from '@/lib/messages/message';
import { wireRequestSchema, type WireRequest, type WireResponse } from '@/lib/messages/wire';
import { demoPageInfoRequestSchema, type DemoPageInfo } from './page-info';

/** What pages ask the background. */
export const demoMessages = {
  /** A fetch to the demo service (lib/demo/transport.ts); the background adds the token and routes it. */
  fetch: defineMessage<{ request: WireRequest }, WireResponse>({
    type: 'demo-fetch',
    to: 'background',
    request: lazySchema(() => z.object({ request: wireRequestSchema })),
    privileged: true,
  }),
  /** The demo token (lib/demo/token.ts): the background is its one writer, pages ask for it. */
  token: defineMessage<undefined, string>({
    type: 'demo-token',
    to: 'background',
    request: lazySchema(() => z.undefined()),
    privileged: true,
  }),
  /** What the demo service's recipient page knows about a push (lib/demo/page-info.ts): the viewer asks. */
  pageInfo: defineMessage<{ url_token: string }, DemoPageInfo>({
    type: 'demo-page-info',
    to: 'background',
    request: demoPageInfoRequestSchema,
    privileged: true,
  }),
};

/**
 * What the background asks the demo host in the offscreen document (Chrome). The document has no storage
 * access, so the demo token travels with each request.
 */
export const demoHostMessages = {
  fetch: defineMessage<{ request: WireRequest; token: string }, WireResponse>({
    type: 'demo-host-fetch',
    to: 'offscreen',
    request: lazySchema(() =>
      z.object({ request: wireRequestSchema, token: z.string().check(z.minLength(1)) }),
    ),
    privileged: true,
  }),
  pageInfo: defineMessage<{ url_token: string }, DemoPageInfo>({
    type: 'demo-host-page-info',
    to: 'offscreen',
    request: demoPageInfoRequestSchema,
    privileged: true,
  }),
};
