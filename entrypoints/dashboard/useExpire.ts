/** Expiring pushes: the question first, then the request, then what expired and what did not, in words. */
import { useState } from 'preact/hooks';
import type { SelectionBarProps } from '@/components/dashboard/SelectionBar';
import { announce } from '@/components/announce';
import { describeError } from '@/lib/api/describe';
import { plural, t } from '@/lib/i18n';
import { askWatcherAgain } from './ask';
import { pushLabel } from '@/lib/watch/view';
import type { ExpireResult } from '@/lib/watch';
import type { TrackedPush } from '@/lib/watch/types';

type Report = SelectionBarProps['report'];

/** The report in one line for the page's live region: "2 pushes expired. 1 push was not expired: …" */
function spoken({ expired, failed }: NonNullable<Report>): string {
  return [
    expired > 0 ? plural('dash_expiredCount', expired) : '',
    failed.length > 0 ? plural('dash_notExpiredCount', failed.length) : '',
    ...failed.map((failure) => t('dash_failureLine', failure.title, failure.reason)),
  ]
    .filter(Boolean)
    .join(' ');
}

export interface Expire {
  /** The pushes the confirmation dialog asks about; null when it is closed. */
  asked: TrackedPush[] | null;
  ask: (pushes: TrackedPush[]) => void;
  cancel: () => void;
  confirm: () => void;
  busy: boolean;
  report: Report;
}

/** Asks each push's own server to expire it (a selection may span servers), as one result. */
async function expireOnTheirServers(targets: TrackedPush[]): Promise<ExpireResult> {
  const byServer = new Map<string, TrackedPush[]>();
  for (const push of targets) byServer.set(push.server, [...(byServer.get(push.server) ?? []), push]);
  const results = await Promise.all(
    [...byServer].map(([server, pushes]) =>
      askWatcherAgain('expire', { server, url_tokens: pushes.map((push) => push.url_token) }),
    ),
  );
  return { expired: results.flatMap((r) => r.expired), failed: results.flatMap((r) => r.failed) };
}

/**
 * `onExpired` hears the url_tokens that did expire, and `reload` reads the list again after; the report names
 * each push that did not by its label.
 */
export function useExpire(onExpired: (tokens: string[]) => void, reload: () => void): Expire {
  const [asked, setAsked] = useState<TrackedPush[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setShown] = useState<Report>(null);
  const setReport = (next: Report) => {
    setShown(next);
    if (next) announce(spoken(next));
  };

  const confirm = () => {
    const targets = asked ?? [];
    setAsked(null);
    setBusy(true);
    setReport(null);
    // Labelled from the pushes asked about, not from the whole list: only these few are ever named here.
    const byToken = new Map(targets.map((target) => [target.url_token, target]));
    const titleOf = (token: string) => {
      const push = byToken.get(token);
      return push ? pushLabel(push) : token;
    };
    expireOnTheirServers(targets)
      .then(
        ({ expired, failed }) => {
          setReport({
            expired: expired.length,
            failed: failed.map(({ url_token, error }) => ({
              title: titleOf(url_token),
              reason: describeError(error),
            })),
          });
          onExpired(expired);
          reload();
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
