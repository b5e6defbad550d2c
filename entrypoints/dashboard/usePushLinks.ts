/**
 * A push's link as the dashboard hands it on (copy, open, QR code), each time only after lib/push/link.ts
 * passed it for the push's server; the outcome, or why not, is said in the page's status line.
 */
import { useMemo, useState } from 'preact/hooks';
import { clearCopyLater } from '@/lib/clipboard/copied';
import { checkLinkOf } from '@/lib/connection/link-home';
import { AppError } from '@/lib/errors';
import { qrSvg } from '@/lib/push/qr';
import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';

export interface PushLinks {
  notice: string;
  copyLink(push: TrackedPush): void;
  openLink(push: TrackedPush): void;
  /** Draws the QR code of a listed push's link, refusing any link that does not pass. */
  renderQr(text: string): Promise<string>;
}

export function usePushLinks(pushes: TrackedPush[]): PushLinks {
  const [notice, setNotice] = useState('');
  /** The link when it passes; otherwise says why in the status line. */
  const passed = (push: TrackedPush, what: string): string | undefined => {
    const check = checkLinkOf(push.html_url, push.server);
    if (check.ok) return check.url;
    setNotice(`${check.message} The link of ${pushLabel(push)} was not ${what}.`);
    return undefined;
  };
  const copyLink = (push: TrackedPush) => {
    const link = passed(push, 'copied');
    if (link === undefined) return;
    navigator.clipboard.writeText(link).then(
      () => {
        setNotice(`Link to ${pushLabel(push)} copied`);
        // A live link is a secret: cleared later like any other copy, if the user asked.
        void clearCopyLater(link);
      },
      // The only refusal writeText knows (NotAllowedError): describeError would only say "something went wrong".
      () => setNotice('The link could not be copied: the browser did not allow access to the clipboard.'),
    );
  };
  const openLink = (push: TrackedPush) => {
    const link = passed(push, 'opened');
    if (link !== undefined) window.open(link, '_blank', 'noopener');
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
  return { notice, copyLink, openLink, renderQr };
}
