/**
 * What happens right after a create, the same for the popup's send and quick push (issue 38): one
 * createPush, the verdict on its link (lib/push/link.ts), then the caller's record step, in the turn the
 * answer arrives, before anything can show, copy or open the link. A popup closed the moment its link
 * appears, or a worker stopped after the copy, still has the push recorded (26eda2f, issue 37).
 */
import type { ApiClient, CreatePushInput, CreateResult, Push } from '@/lib/api';
import { checkLinkOf, type LinkCheck } from '@/lib/push/link';

/** A created push, with the server it went to and the verdict on its link: only a link that passes is used. */
export interface CreatedPush {
  push: Push;
  /** The base URL of the server it went to (the demo service's in demo mode). */
  server: string;
  link: LinkCheck;
}

/**
 * Creates the push over `client`, checks its link, and calls `record` with both before returning: the
 * caller's record (the popup's hand-over to the background's outbox, quick push's record beside its copy)
 * starts in the answer's own turn and is returned unawaited as `recorded`, so a slow or failed record
 * never holds the link back nor turns into a failed create.
 */
export async function createAndRecord<R>(
  client: ApiClient,
  input: CreatePushInput,
  record: (created: CreatedPush) => R,
  options: { signal?: AbortSignal } = {},
): Promise<CreateResult & CreatedPush & { recorded: R }> {
  const result = await client.createPush(input, options);
  const created = {
    push: result.push,
    server: client.baseUrl,
    link: checkLinkOf(result.push.html_url, client.baseUrl),
  };
  return { ...result, ...created, recorded: record(created) };
}
