/**
 * A push's link as the dashboard hands it on (copy, open, QR code), each time only after lib/push/link.ts
 * passed it for the push's server. Opening asks first (it may use a view); each outcome is said where it
 * was asked for: a copy in its row, an open in its dialog.
 */
import { useMemo, useState } from 'preact/hooks';
import { clearCopyLater } from '@/lib/clipboard/copied';
import { checkLinkOf } from '@/lib/connection/link-home';
import { AppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { qrSvg } from '@/lib/push/qr';
import { pushLabel } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';

export interface PushLinks {
  /** Rejects with an Error saying in words why the link was not copied. */
  copyLink(push: TrackedPush): Promise<void>;
  /** The push whose page the dialog asks about, and why it may not open (then the dialog only says so). */
  opening: { push: TrackedPush | null; problem?: string };
  askOpen(push: TrackedPush): void;
  confirmOpen(): void;
  cancelOpen(): void;
  /** Draws the QR code of a listed push's link, refusing any link that does not pass. */
  renderQr(text: string): Promise<string>;
}

/** The link when it passes; otherwise why not, in words. */
function passed(push: TrackedPush, what: 'copied' | 'opened'): { url: string } | { problem: string } {
  const check = checkLinkOf(push.html_url, push.server);
  if (check.ok) return { url: check.url };
  const sentence = what === 'copied' ? 'dash_linkNotCopied' : 'dash_linkNotOpened';
  return { problem: t(sentence, check.message, pushLabel(push)) };
}

async function copyLink(push: TrackedPush): Promise<void> {
  const link = passed(push, 'copied');
  if ('problem' in link) throw new Error(link.problem);
  try {
    await navigator.clipboard.writeText(link.url);
  } catch {
    // The only refusal writeText knows (NotAllowedError): describeError would only say "something went wrong".
    throw new Error(t('dash_clipboardDenied'));
  }
  // A live link is a secret: cleared later like any other copy, if the user asked.
  void clearCopyLater(link.url);
}

export function usePushLinks(pushes: TrackedPush[]): PushLinks {
  const [opening, setOpening] = useState<PushLinks['opening']>({ push: null });
  const askOpen = (push: TrackedPush) => {
    const link = passed(push, 'opened');
    setOpening({ push, problem: 'problem' in link ? link.problem : undefined });
  };
  const confirmOpen = () => {
    const link = opening.push && passed(opening.push, 'opened');
    setOpening({ push: null });
    if (link && 'url' in link) window.open(link.url, '_blank', 'noopener');
  };
  const renderQr = useMemo(
    () => async (text: string) => {
      const push = pushes.find((candidate) => candidate.html_url === text);
      const check = push ? checkLinkOf(text, push.server) : undefined;
      if (!check?.ok)
        throw new AppError('unsafe-link', check?.message ?? 'This link is not one of the list.');
      return qrSvg(check.url);
    },
    [pushes],
  );
  return { copyLink, opening, askOpen, confirmOpen, cancelOpen: () => setOpening({ push: null }), renderQr };
}
