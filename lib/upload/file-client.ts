/**
 * The client for file pushes: the same server and token as any client of these settings (lib/connection's
 * clientFor, where the token's origin is decided), over a transport that reports upload progress. Built where uploads
 * run (runner.ts: the offscreen document in Chrome, the background page in Firefox).
 */
import {
  createUploadFetch,
  withCompletionProgress,
  withRedirectProbe,
  type ApiClient,
  type UploadProgress,
} from '@/lib/api';
import { clientFor, savedTarget } from '@/lib/connection';
import { demoFetch } from '@/lib/demo';
import type { Settings } from '@/lib/settings';

/**
 * `version`: the server's version as the popup's client read it, so the upload starts without asking it a
 * second time (a round trip between Create and the first byte).
 */
export function fileClient(
  settings: Settings,
  onProgress: (progress: UploadProgress) => void,
  version?: ApiClient['version'],
): ApiClient {
  return clientFor(
    savedTarget(settings),
    {
      // The demo service's body crosses runtime messaging in one piece: progress is known only at the end.
      demo: withCompletionProgress(demoFetch, onProgress),
      // Probed first without the body: no byte of the file follows a 307/308 to another origin (issue 9 #6).
      server: withRedirectProbe(createUploadFetch({ onProgress })),
    },
    { version },
  );
}
