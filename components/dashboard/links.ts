/**
 * A push's link as the dashboard hands it on (copy, open, QR code), each time only after lib/api/link.ts
 * passed it for the push's server. Loaded on demand (parts.ts): the first screen hands no link on.
 */
import { copyText } from '@/lib/clipboard';
import { checkLinkOf } from '@/lib/api/link';
import { AppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { qrSvg } from '@/lib/qr';
import { pushLabel } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';

/** The link when it passes; otherwise why not, in words. */
export function passed(push: TrackedPush, what: 'copied' | 'opened'): { url: string } | { problem: string } {
  const check = checkLinkOf(push.html_url, push.server);
  if (check.ok) return { url: check.url };
  const sentence = what === 'copied' ? 'dash_linkNotCopied' : 'dash_linkNotOpened';
  return { problem: t(sentence, check.message, pushLabel(push)) };
}

/** Copies the push's link; rejects with an Error saying in words why it did not. */
export async function copyLink(push: TrackedPush): Promise<void> {
  const link = passed(push, 'copied');
  if ('problem' in link) throw new Error(link.problem);
  // A live link is a secret: cleared later like any other copy, if the user asked (copyText).
  try {
    await copyText(link.url);
  } catch {
    // The only refusal writeText knows (NotAllowedError): describeError would only say "something went wrong".
    throw new Error(t('dash_clipboardDenied'));
  }
}

/** The QR code (SVG markup) of the link of one of `pushes`, refusing any link that does not pass. */
export async function qrOfListed(pushes: TrackedPush[], text: string): Promise<string> {
  const push = pushes.find((candidate) => candidate.html_url === text);
  const check = push ? checkLinkOf(text, push.server) : undefined;
  if (!check?.ok) throw new AppError('unsafe-link', check?.message ?? 'This link is not one of the list.');
  return qrSvg(check.url);
}
