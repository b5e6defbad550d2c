/** Expiring pushes: the question first, then the request, then what expired and what did not, in words. */
import { useState } from 'preact/hooks';
import type { SelectionBarProps } from '@/components/dashboard/SelectionBar';
import { describeError } from '@/lib/api';
import { sendMessage } from '@/lib/messages/runtime';
import { watchMessages } from '@/lib/watch/messages';
import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';

type Report = SelectionBarProps['report'];

export interface Expire {
  /** The pushes the confirmation dialog asks about; null when it is closed. */
  asked: TrackedPush[] | null;
  ask: (pushes: TrackedPush[]) => void;
  cancel: () => void;
  confirm: () => void;
  busy: boolean;
  report: Report;
}

/** `titles` names each push in the report; `onExpired` hears the url_tokens that did expire. */
export function useExpire(titles: Record<string, string>, onExpired: (tokens: string[]) => void): Expire {
  const [asked, setAsked] = useState<TrackedPush[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report>(null);

  const confirm = () => {
    const targets = asked ?? [];
    setAsked(null);
    setBusy(true);
    setReport(null);
    sendMessage(watchMessages.expire, { url_tokens: targets.map((push) => push.url_token) })
      .then(
        ({ expired, failed }) => {
          setReport({
            expired: expired.length,
            failed: failed.map(({ url_token, error }) => ({
              title: titles[url_token] ?? url_token,
              reason: describeError(error),
            })),
          });
          onExpired(expired);
        },
        (error: unknown) =>
          setReport({
            expired: 0,
            failed: targets.map((push) => ({ title: pushLabel(push), reason: describeError(error) })),
          }),
      )
      .finally(() => setBusy(false));
  };
  return { asked, ask: setAsked, cancel: () => setAsked(null), confirm, busy, report };
}
