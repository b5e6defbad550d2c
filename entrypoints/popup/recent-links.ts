/**
 * A recent push's link, handed on (copied, drawn as a QR code) only after lib/api/link.ts passed it for
 * the push's server, as the dashboard does. Neither asks the server anything, so no view is used. The link
 * check loads on first use, keeping it out of the popup's first chunk.
 */
import { AppError } from '@/lib/errors';
import type { TrackedPush } from '@/lib/watch/types';

async function passedLink(push: Pick<TrackedPush, 'html_url' | 'server'>): Promise<string> {
  const { checkLinkOf } = await import('@/lib/api/link');
  const check = checkLinkOf(push.html_url, push.server);
  if (!check.ok) throw new AppError('unsafe-link', check.message);
  return check.url;
}

// The clipboard (lib/clipboard) and the QR code (share.ts) load with the first copy or QR code, not at open.
export async function copyRecentLink(push: TrackedPush): Promise<void> {
  const { copyText } = await import('@/lib/clipboard');
  await copyText(await passedLink(push));
}

/** The QR code of a recent push's link; `push` is the one whose html_url was asked for. */
export async function recentQr(push: TrackedPush): Promise<string> {
  const { renderQr } = await import('./share');
  return renderQr(await passedLink(push));
}
