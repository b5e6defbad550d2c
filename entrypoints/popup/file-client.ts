/**
 * The client for file pushes: the same server and token as the popup's client, over a transport that
 * reports upload progress. Loaded on demand (see send.ts), so the popup opens without it.
 */
import { createApiClient, type ApiClient } from '@/lib/api';
import { createUploadFetch, withCompletionProgress, type UploadProgress } from '@/lib/api/upload';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin } from '@/lib/demo/transport';
import { AppError } from '@/lib/errors';
import type { Settings } from '@/lib/store/settings';

function fraction({ loaded, total }: UploadProgress): number | undefined {
  return total ? Math.min(1, loaded / total) : undefined;
}

export function fileClient(
  settings: Settings,
  onProgress: (fraction: number | undefined) => void,
): ApiClient {
  const report = (progress: UploadProgress) => onProgress(fraction(progress));
  if (settings.demoMode)
    // The demo service's body crosses runtime messaging in one piece: progress is known only at the end.
    return createApiClient({
      baseUrl: DEMO_BASE_URL,
      token: settings.demoToken ?? null,
      fetch: withCompletionProgress(demoFetch, report),
      pageOrigin: demoPageOrigin(),
    });
  if (!settings.server)
    throw new AppError('internal', 'No server is saved. Open Settings and choose one, or turn demo mode on.');
  return createApiClient({
    baseUrl: settings.server.url,
    token: settings.token,
    fetch: createUploadFetch({ onProgress: report }),
  });
}
