/** Quick push's message: the background asks the offscreen document (Chrome) to copy the new link. */
import { lazySchema, z } from '@/lib/zod';
import { defineMessage } from '@/lib/messages/message';

export const clipboardWrite = defineMessage<{ text: string }, { copied: true }>({
  type: 'clipboard-write',
  to: 'offscreen',
  request: lazySchema(() => z.object({ text: z.string().check(z.minLength(1)) })),
  privileged: true,
});
