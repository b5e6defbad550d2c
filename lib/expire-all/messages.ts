/**
 * Expire everything's one message: a page (the dashboard, the popup) asks the background to expire the
 * pushes of a scope; it answers the run as it now is (started, or joined). Privileged: it deletes the
 * user's pushes with their token.
 */
import { lazySchema, z } from '@/lib/zod';
import { defineMessage } from '@/lib/messages/message';
import { EXPIRE_WINDOWS, type ExpireRun, type ExpireScope } from './core';

export const expireAllMessages = {
  start: defineMessage<ExpireScope, ExpireRun>({
    type: 'expire-all-start',
    to: 'background',
    request: lazySchema(() =>
      z.object({
        servers: z.nullable(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(100))),
        window: z.enum(EXPIRE_WINDOWS),
      }),
    ),
    privileged: true,
  }),
};
