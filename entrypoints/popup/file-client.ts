/**
 * The client for file pushes: the same server and token as the popup's client, over a transport that
 * reports upload progress. Loaded on demand (connect.ts sendForm, for file pushes only), so the popup opens
 * without it.
 */
import type { ApiClient } from '@/lib/api';
import {
  createUploadFetch,
  withCompletionProgress,
  withRedirectProbe,
  type UploadProgress,
} from '@/lib/api/upload';
import { clientForSettings } from '@/lib/connection/client';
import { demoFetch } from '@/lib/demo/transport';
import type { Settings } from '@/lib/settings';

function fraction({ loaded, total }: UploadProgress): number | undefined {
  return total ? Math.min(1, loaded / total) : undefined;
}

/**
 * `version`: the popup client's, so the upload starts without asking the server's version a second time
 * (a round trip between Create and the first byte).
 */
export function fileClient(
  settings: Settings,
  onProgress: (fraction: number | undefined) => void,
  version?: ApiClient['version'],
): ApiClient {
  const report = (progress: UploadProgress) => onProgress(fraction(progress));
  return clientForSettings(
    settings,
    {
      // The demo service's body crosses runtime messaging in one piece: progress is known only at the end.
      demo: withCompletionProgress(demoFetch, report),
      // Probed first without the body: no byte of the file follows a 307/308 to another origin (issue 9 #6).
      server: withRedirectProbe(createUploadFetch({ onProgress: report })),
    },
    { version },
  );
}
