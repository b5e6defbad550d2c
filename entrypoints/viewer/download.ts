/** Files of the demo service, saved the way a server's attachment response would be. */
import { attachmentName, demoFetch, demoUrlForLink } from '@/lib/demo/viewer';
import { saveFile } from '@/lib/download';
import { AppError, isAppError } from '@/lib/errors';
import { viewerUrl } from './api';

/**
 * Downloads a file link of the demo service and saves it under its attachment name. Fails with an AppError:
 * 'foreign-link' (not the demo service's), 'network' (the service did not answer) or 'file-unavailable'.
 */
export async function downloadDemoFile(link: string, fallbackName: string): Promise<void> {
  const url = demoUrlForLink(link, viewerUrl());
  if (!url) throw new AppError('foreign-link', 'The file link is not on the demo service.');
  const response = await demoFetch(url, { credentials: 'omit' }).catch((cause: unknown) => {
    throw isAppError(cause) ? cause : new AppError('network', 'The demo service did not answer.', { cause });
  });
  if (!response.ok)
    throw new AppError('file-unavailable', 'The file download was refused.', { status: response.status });
  saveFile(await response.blob(), attachmentName(response.headers.get('Content-Disposition'), fallbackName));
}
